// Open-addressing hash from an integer pair to a dense index, cleared in O(1) by a generation
// stamp. The fast search keys lattice positions (x, y) and states (position, last move) with it.

export class PairTable {
  private mask: number;
  private ka: Int32Array;
  private kb: Int32Array;
  private val: Int32Array;
  private stamp: Int32Array;
  private gen = 1;
  size = 0;

  constructor(capacity = 1024) {
    let cap = 16;
    while (cap < capacity * 2) cap <<= 1;
    this.mask = cap - 1;
    this.ka = new Int32Array(cap);
    this.kb = new Int32Array(cap);
    this.val = new Int32Array(cap);
    this.stamp = new Int32Array(cap);
  }

  reset(): void {
    this.size = 0;
    if (++this.gen === 0x7fffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
  }

  /** The index stored for (a, b), or stores `next` for it and returns it. */
  getOrAdd(a: number, b: number, next: number): number {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const mask = this.mask;
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
    h ^= h >>> 15;
    let s = h & mask;
    const gen = this.gen;
    for (;;) {
      if (this.stamp[s] !== gen) {
        this.stamp[s] = gen;
        this.ka[s] = a;
        this.kb[s] = b;
        this.val[s] = next;
        this.size++;
        return next;
      }
      if (this.ka[s] === a && this.kb[s] === b) return this.val[s]!;
      s = (s + 1) & mask;
    }
  }

  private grow(): void {
    const oa = this.ka;
    const ob = this.kb;
    const ov = this.val;
    const os = this.stamp;
    const og = this.gen;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.ka = new Int32Array(cap);
    this.kb = new Int32Array(cap);
    this.val = new Int32Array(cap);
    this.stamp = new Int32Array(cap);
    this.gen = 1;
    this.size = 0;
    for (let i = 0; i < os.length; i++) if (os[i] === og) this.getOrAdd(oa[i]!, ob[i]!, ov[i]!);
  }
}

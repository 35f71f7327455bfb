// What the opponents say before each stage, and each character's ending. A line per opponent per
// stage position: positions 1–5 are a regular stage (each said to exactly one player character, as
// the order is a rotation of the roster), 6 is the final, said to the rival.

export interface Line {
  en: string;
  ja: string;
}

/** PRE_MATCH[opponent][position − 1]. */
export const PRE_MATCH: Readonly<Record<string, readonly Line[]>> = {
  asagi: [
    {
      en: "Morning! You're up early too? Let's warm up before the dew dries.",
      ja: 'おはよう！あなたも早起き？露が乾く前に、軽く一戦しよっか。',
    },
    {
      en: 'Morning glories open one petal at a time. So will I — gently.',
      ja: '朝顔は一枚ずつ花を開くの。わたしも、ゆっくり本気を出すね。',
    },
    { en: 'Every drop of dew holds a tiny sun. Count how many I send you!', ja: '露の一粒一粒に小さな太陽。いくつ届くか数えてみて！' },
    { en: "You've come far. The sun's high now — no more holding back.", ja: 'ここまで来たんだね。もう日は高いよ、手加減なし！' },
    { en: "Last light before the summit. I'll bloom as wide as I can!", ja: '頂上の手前、最後の朝日。思いっきり咲いてみせる！' },
    {
      en: 'Kurenai. Your blade scatters the leaves, but the dew always comes back by morning.',
      ja: '紅ちゃん。その刃で葉を散らしても、露は朝にはまた戻ってくるよ。',
    },
  ],
  kurenai: [
    { en: "Hmph. The first stage? I'll keep it short.", ja: 'ふん、最初の相手か。すぐに終わらせてやる。' },
    { en: 'Red leaves fall fast. Try not to be one of them.', ja: '紅葉は散るのが速い。お前もその一枚になるなよ。' },
    { en: "My needles don't spread. They don't need to.", ja: '私の針は広がらない。広げる必要がないからな。' },
    { en: 'Still standing? Good. A blade wants a worthy whetstone.', ja: 'まだ立っているか。いい、刃には相応しい砥石が要る。' },
    {
      en: 'Past here the mountain burns crimson. Turn back, or burn with it.',
      ja: 'この先の山は紅に燃えている。引き返すか、共に燃えるかだ。',
    },
    {
      en: 'Asagi. You smile as if morning never ends. Let me show you dusk.',
      ja: '浅葱。朝が終わらないような顔をして。黄昏を教えてやる。',
    },
  ],
  shion: [
    { en: "Oh… a visitor, at this hour? The moths said you'd come.", ja: 'あら……こんな時間にお客さま？蛾たちが教えてくれたの。' },
    {
      en: 'Run wherever you like. My shots remember the way to you.',
      ja: '好きに逃げていいのよ。わたしの弾は、あなたへの道を覚えているから。',
    },
    {
      en: 'Asters bloom when the other flowers fade. I am patient like that.',
      ja: '紫苑はほかの花が枯れる頃に咲くの。わたしも、そういう気長さ。',
    },
    { en: "You shine so brightly. Don't be surprised when the moths gather.", ja: 'そんなに眩しく光って。蛾が集まっても驚かないでね。' },
    { en: 'My flower means remembrance. I shall remember this one.', ja: '紫苑の花言葉は「追憶」。この一戦、きっと忘れない。' },
    {
      en: "Kohaku, your honey lamp again… Tonight my moths won't be drawn in.",
      ja: '琥珀、またその蜜の灯り……今夜こそ、蛾たちは引き寄せられないわ。',
    },
  ],
  kohaku: [
    { en: 'Slow down, friend. Good honey takes its time, and so do I.', ja: 'まあ落ち着きな。いい蜜は時間がかかる、あたしもね。' },
    { en: "My shots are heavy. Dodge one and you'll remember the weight.", ja: 'あたしの弾は重いよ。一度かわせば、その重さは忘れないさ。' },
    { en: 'A big target? Sure. Get through the honeycomb first.', ja: '的が大きいって？ああそうさ。まずは蜂の巣を抜けてみな。' },
    { en: 'Amber keeps things forever. Your mistakes, for one.', ja: '琥珀は何でも永遠に閉じ込める。たとえば、あんたのしくじりとかね。' },
    {
      en: "The hive is buzzing. You've come far enough to worry us.",
      ja: '巣がざわついてる。あんたは、あたしらが警戒するほど来たってこと。',
    },
    {
      en: 'Shion. Your moths keep circling my lamp. Time I lit it all.',
      ja: '紫苑。あんたの蛾はいつもあたしの灯りを回ってる。全部灯してやる時だね。',
    },
  ],
  ruri: [
    { en: "A swallow never lands for long! Quick match, then I'm off!", ja: '燕は長く留まらないの！さっと一勝負して、次へ行くよ！' },
    { en: 'Five ways at once — pick one and hope it is the gap!', ja: '五方向いっぺんに！隙間を選んで、祈ってね！' },
    {
      en: 'Lapis was once worth more than gold. My hitbox? Next to nothing.',
      ja: '瑠璃は昔、金より高かったんだって。わたしの当たり判定？ほとんどゼロ。',
    },
    { en: "The wind's turning. Swallows fly low before a storm — watch out!", ja: '風が変わった。嵐の前、燕は低く飛ぶの。気をつけて！' },
    {
      en: "You crossed the whole sky to get here. I'm impressed. Now fall!",
      ja: '空を渡ってここまで来たんだ、感心しちゃう。さあ、落ちて！',
    },
    {
      en: "Midori! You dive, I soar. Today we settle which bird's best!",
      ja: '翠！あなたは潜る、わたしは舞う。どっちの鳥が上か、今日こそ決着だよ！',
    },
  ],
  midori: [
    { en: 'Bamboo bends and does not break. Begin when you are ready.', ja: '竹はしなって折れない。準備ができたら、どうぞ。' },
    { en: 'Two streams, one river. You will not find the shallows.', ja: '二筋の流れ、ひとつの川。浅瀬は見つからないよ。' },
    { en: 'The kingfisher waits on its branch. Then, one dive.', ja: 'カワセミは枝で待つ。そして、一度だけ飛び込む。' },
    { en: 'You move like wind in the grove. I hear every step.', ja: 'あなたの動きは竹林の風みたい。一歩ずつ聞こえる。' },
    { en: 'Past this grove is the last clearing. Show me you belong there.', ja: 'この竹林の先が最後の広場。そこに立つ資格を見せて。' },
    { en: 'Ruri. You always talk mid-flight. Today, listen to the water.', ja: '瑠璃。いつも飛びながら喋るね。今日は、水の音を聞いて。' },
  ],
};

/** The opponent's line before stage `position` (1-based). */
export function preMatchLine(opponent: string, position: number): Line {
  const lines = PRE_MATCH[opponent];
  const line = lines?.[position - 1];
  if (!line) throw new Error(`story: no line for ${opponent} at stage ${position}`);
  return line;
}

/** A few lines after the last stage, per player character. */
export const ENDINGS: Readonly<Record<string, readonly Line[]>> = {
  asagi: [
    { en: 'The last spell fades, and the sky turns the colour of morning glories.', ja: '最後のスペルが消え、空は朝顔の色に染まる。' },
    { en: 'Asagi stretches and laughs: “See? The dew always comes back.”', ja: '浅葱は伸びをして笑う。「ほらね、露は必ず戻ってくるの」' },
    {
      en: 'Tomorrow she will be up early again — and so, she hopes, will you.',
      ja: '明日も彼女は早起きする。あなたもそうだといいな、と思いながら。',
    },
  ],
  kurenai: [
    { en: 'Maple leaves settle on still water.', ja: '紅葉が静かな水面に落ちる。' },
    { en: 'Kurenai sheathes her blade and, for once, says nothing sharp.', ja: '紅は刃を納め、珍しく何も辛辣なことを言わない。' },
    { en: '“…Not bad,” she tells the wind. The wind keeps the secret.', ja: '「……悪くない」と風に告げる。風はその秘密を守る。' },
  ],
  shion: [
    { en: 'The night deepens; the moths rest on the asters.', ja: '夜が深まり、蛾たちは紫苑の花で羽を休める。' },
    { en: "Shion writes tonight's match into her book of remembrances.", ja: '紫苑は今夜の一戦を追憶の帳面に書き留める。' },
    { en: 'On the last page, a new word: friend.', ja: '最後のページに、新しい言葉がひとつ。「友だち」。' },
  ],
  kohaku: [
    { en: 'The hive hums a slow, happy song.', ja: '巣はゆっくりと、楽しげな歌を鳴らす。' },
    { en: 'Kohaku pours honey for everyone she fought, her rival too.', ja: '琥珀は戦った皆に蜜を注ぐ。もちろん好敵手にも。' },
    { en: '“Sweet things take time,” she says. “So did this.”', ja: '「甘いものは時間がかかる。これもそうだったね」' },
  ],
  ruri: [
    { en: 'A swallow crosses the lapis sky and does not look back.', ja: '一羽の燕が瑠璃色の空を渡り、振り返らない。' },
    { en: 'Ruri is three towns away already, telling it bigger each time.', ja: '瑠璃はもう三つ先の町。話すたびに武勇伝は大きくなる。' },
    { en: 'Somewhere below, a kingfisher pretends not to listen.', ja: 'どこか下の川辺で、カワセミが聞こえないふりをしている。' },
  ],
  midori: [
    { en: 'Rain drips from the bamboo, one clear note at a time.', ja: '竹から雨が滴る。澄んだ音が、ひとつずつ。' },
    { en: 'Midori sits by the stream; the kingfisher lands beside her.', ja: '翠は小川のほとりに座り、カワセミがその隣に降りる。' },
    { en: 'Stillness, she decides, is a victory of its own.', ja: '静けさもまた勝利のかたちだ、と彼女は思う。' },
  ],
};

export function endingLines(character: string): readonly Line[] {
  const e = ENDINGS[character];
  if (!e) throw new Error(`story: no ending for ${character}`);
  return e;
}

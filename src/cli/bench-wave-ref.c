// The C reference of `npm run -s bench:wave` (built with cc -O2 by the bench, run beside the TS field
// in the same invocation): the wave field of src/world/wave/field.ts written plainly in C, the same
// eqs. 13-15 with the same operations in the same order per point, the same padded layout and the
// same periodic schedule (impulse source, no arrival recording). It prints the seconds of each timed
// block and a checksum of the final values, which the bench compares with the TS field's.
//
// usage: ref W H SOURCE WAVES LIFETIME DELTA WARM BLOCKS BLOCK < walls (W*H bytes, 0 = open)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PAD 2

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int w, h, S, waves, lifetime, source, step_time;
static size_t size;
static double delta;
static unsigned char *wall;
static double *coef;
static double **buf;
static int *cur, *age;

static void emit(int k) {
  for (int g = 0; g < 3; g++) memset(buf[3 * k + g], 0, size * sizeof(double));
  cur[k] = 0;
  age[k] = 0;
  int sx = source % w, sy = source / w;
  buf[3 * k][(sy + PAD) * S + sx + PAD] = 1.0;
}

static void propagate(int k) {
  int c0 = cur[k];
  double *nx = buf[3 * k + (c0 == 2 ? 0 : c0 + 1)];
  const double *c = buf[3 * k + c0];
  const double *p = buf[3 * k + (c0 == 0 ? 2 : c0 - 1)];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      if (wall[y * w + x]) continue; // walls stay 0 (reflection)
      int i = (y + PAD) * S + x + PAD;
      nx[i] = delta * (c[i - 1] + c[i + 1] + c[i - S] + c[i + S]) + coef[i] * c[i] - p[i];
    }
  }
  cur[k] = c0 == 2 ? 0 : c0 + 1;
}

static void step(void) {
  step_time++;
  for (int k = 0; k < waves; k++) {
    int due = age[k] < 0 ? step_time > (k * lifetime) / waves : age[k] >= lifetime - 1;
    if (due) {
      emit(k);
      continue;
    }
    if (age[k] < 0) continue;
    propagate(k);
    age[k]++;
  }
}

int main(int argc, char **argv) {
  if (argc != 10) {
    fprintf(stderr, "usage: ref W H SOURCE WAVES LIFETIME DELTA WARM BLOCKS BLOCK < walls\n");
    return 2;
  }
  w = atoi(argv[1]);
  h = atoi(argv[2]);
  source = atoi(argv[3]);
  waves = atoi(argv[4]);
  lifetime = atoi(argv[5]);
  delta = atof(argv[6]);
  int warm = atoi(argv[7]), blocks = atoi(argv[8]), block = atoi(argv[9]);
  S = w + 2 * PAD;
  size = (size_t)S * (h + 2 * PAD);
  wall = malloc((size_t)w * h);
  if (fread(wall, 1, (size_t)w * h, stdin) != (size_t)w * h) {
    fprintf(stderr, "ref: short walls input\n");
    return 2;
  }
  coef = calloc(size, sizeof(double));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int in = (x > 0) + (x < w - 1) + (y > 0) + (y < h - 1);
      coef[(y + PAD) * S + x + PAD] = 2 - in * delta;
    }
  buf = malloc(3 * waves * sizeof(double *));
  for (int i = 0; i < 3 * waves; i++) buf[i] = calloc(size, sizeof(double));
  cur = calloc(waves, sizeof(int));
  age = malloc(waves * sizeof(int));
  for (int k = 0; k < waves; k++) age[k] = -1;
  for (int i = 0; i < warm; i++) step();
  printf("blocks");
  for (int b = 0; b < blocks; b++) {
    double t0 = now();
    for (int i = 0; i < block; i++) step();
    printf(" %.9g", now() - t0);
  }
  // FNV-1a over the bytes of every current value of the open points, wave by wave, row by row.
  uint32_t hash = 2166136261u;
  for (int k = 0; k < waves; k++) {
    const double *c = buf[3 * k + cur[k]];
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        if (wall[y * w + x]) continue;
        unsigned char bytes[8];
        memcpy(bytes, &c[(y + PAD) * S + x + PAD], 8);
        for (int j = 0; j < 8; j++) hash = (hash ^ bytes[j]) * 16777619u;
      }
  }
  printf("\nchecksum %u\n", hash);
  return 0;
}

/* Runs an MLP compiled by `paddle-mlir compile --emit so|obj` from plain C.
 *
 *   cc run_mlp.c -I DIR -L DIR -lmlp -Wl,-rpath,DIR -o run_mlp   (or DIR/libmlp.o -lm)
 *   ./run_mlp IN.bin OUT.bin
 *
 * IN.bin holds the feed `x` and OUT.bin receives the fetch `out`, raw float32
 * in row-major order with the static shapes of the generated header libmlp.h
 * (test/python/test_aot.py compiles the library, this program and compares
 * the output with static.Executor("cpu")).
 */
#include <stdio.h>
#include <stdlib.h>

#include "libmlp.h"

static int read_exactly(const char *path, float *data, size_t n) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return -1;
  }
  size_t got = fread(data, sizeof(float), n, f);
  int extra = fgetc(f) != EOF;
  fclose(f);
  if (got != n || extra) {
    fprintf(stderr, "%s: expected %zu float32 values\n", path, n);
    return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s IN.bin OUT.bin\n", argv[0]);
    return 2;
  }
  static const long long x_shape[] = PADDLE_MLIR_MAIN_X_SHAPE;
  static const long long out_shape[] = PADDLE_MLIR_MAIN_OUT_SHAPE;
  float *x = malloc(sizeof(float) * PADDLE_MLIR_MAIN_X_NUMEL);
  float *out = malloc(sizeof(float) * PADDLE_MLIR_MAIN_OUT_NUMEL);
  if (!x || !out)
    return 1;
  if (read_exactly(argv[1], x, PADDLE_MLIR_MAIN_X_NUMEL))
    return 1;
  int rc = paddle_mlir_main(x, out);
  if (rc != 0) {
    fprintf(stderr, "paddle_mlir_main returned %d\n", rc);
    return 1;
  }
  FILE *f = fopen(argv[2], "wb");
  if (!f || fwrite(out, sizeof(float), PADDLE_MLIR_MAIN_OUT_NUMEL, f) !=
                PADDLE_MLIR_MAIN_OUT_NUMEL) {
    perror(argv[2]);
    return 1;
  }
  fclose(f);
  printf("x [%lld, %lld] -> out [%lld, %lld]\n", x_shape[0], x_shape[1], out_shape[0],
         out_shape[1]);
  free(x);
  free(out);
  return 0;
}

/* Runs an image classifier compiled by `paddle-mlir compile --emit so` from
 * plain C: one float32 feed `x`, one float32 fetch `fetch_name_0` (Paddle's
 * exported models name them so), static shapes from the generated header.
 *
 *   cc run_classifier.c -I DIR -L DIR -lmodel -Wl,-rpath,DIR -o run_classifier
 *   ./run_classifier IN.bin OUT.bin [THREADS]
 *
 * test/python/test_aot_real_models.py compiles a Paddle-exported ResNet-18,
 * this program, and compares OUT.bin with Paddle's own output.
 */
#include <stdio.h>
#include <stdlib.h>

#include "libmodel.h"

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: %s IN.bin OUT.bin [THREADS]\n", argv[0]);
    return 2;
  }
#ifdef PADDLE_MLIR_MAIN_THREAD_POOL
  if (argc == 4)
    paddle_mlir_main_set_num_threads(atoi(argv[3]));
#endif
  size_t in_n = PADDLE_MLIR_MAIN_X_NUMEL, out_n = PADDLE_MLIR_MAIN_FETCH_NAME_0_NUMEL;
  float *x = malloc(sizeof(float) * in_n), *y = malloc(sizeof(float) * out_n);
  if (!x || !y)
    return 1;
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(x, sizeof(float), in_n, f) != in_n) {
    fprintf(stderr, "%s: expected %zu float32 values\n", argv[1], in_n);
    return 1;
  }
  fclose(f);
  int rc = paddle_mlir_main(x, y);
  if (rc != 0) {
    fprintf(stderr, "paddle_mlir_main returned %d\n", rc);
    return 1;
  }
  f = fopen(argv[2], "wb");
  if (!f || fwrite(y, sizeof(float), out_n, f) != out_n) {
    perror(argv[2]);
    return 1;
  }
  fclose(f);
  printf("x [%zu] -> fetch_name_0 [%zu]\n", in_n, out_n);
  free(x);
  free(y);
  return 0;
}

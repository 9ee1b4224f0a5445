/* Drives the thread pool (python/paddle_mlir/backend/runtime/thread_pool.c)
 * the way lowered code does: pdm_parallel_for over loops of 0 to 5000
 * iterations under 1 to 8 threads, checking that every iteration runs
 * exactly once, on the right arguments, and that the loops from several
 * calling threads at once do not mix. Prints "ok" and exits 0, or names the
 * first failed check and exits 1. Run by test/python/test_thread_pool.py. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void pdm_parallel_for(int64_t iterations,
                      void (*task)(void *arguments, int64_t begin, int64_t end),
                      void *arguments);
int pdm_set_num_threads(int threads);

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAILED line %d: %s\n", __LINE__, #cond);                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

typedef struct {
  int64_t iterations;
  atomic_int *visits; /* per iteration */
  int64_t scale;
  int64_t *out;       /* out[i] = i * scale */
} loop_arguments;

static void task(void *arg, int64_t begin, int64_t end) {
  loop_arguments *a = arg;
  if (begin < 0 || end > a->iterations || begin >= end) {
    printf("FAILED: block [%lld, %lld) of %lld iterations\n", (long long)begin,
           (long long)end, (long long)a->iterations);
    exit(1);
  }
  for (int64_t i = begin; i < end; ++i) {
    atomic_fetch_add(&a->visits[i], 1);
    a->out[i] = i * a->scale;
  }
}

static void check_loop(int64_t iterations, int64_t scale) {
  loop_arguments a = {iterations, calloc(iterations + 1, sizeof(atomic_int)), scale,
                      calloc(iterations + 1, sizeof(int64_t))};
  pdm_parallel_for(iterations, task, &a);
  for (int64_t i = 0; i < iterations; ++i) {
    CHECK(atomic_load(&a.visits[i]) == 1);
    CHECK(a.out[i] == i * scale);
  }
  free(a.visits);
  free(a.out);
}

static void *caller(void *arg) {
  int64_t scale = (int64_t)(intptr_t)arg;
  for (int rep = 0; rep < 300; ++rep)
    check_loop(1 + (rep * 37) % 700, scale);
  return NULL;
}

int main(void) {
  int counts[] = {1, 2, 3, 8};
  for (size_t t = 0; t < sizeof(counts) / sizeof(counts[0]); ++t) {
    pdm_set_num_threads(counts[t]);
    CHECK(pdm_set_num_threads(0) == counts[t]); /* n < 1 only queries */
    for (int64_t n = 0; n <= 70; ++n)
      check_loop(n, 3);
    for (int rep = 0; rep < 200; ++rep)
      check_loop(100 + rep * 23, 5);
  }
  /* Three threads running loops at once on one pool of 3. */
  pdm_set_num_threads(3);
  pthread_t threads[3];
  for (int i = 0; i < 3; ++i)
    CHECK(pthread_create(&threads[i], NULL, caller, (void *)(intptr_t)(i + 2)) == 0);
  for (int i = 0; i < 3; ++i)
    pthread_join(threads[i], NULL);
  puts("ok");
  return 0;
}

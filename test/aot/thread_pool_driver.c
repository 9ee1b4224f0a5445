/* Drives the thread pool (python/paddle_mlir/backend/runtime/thread_pool.c)
 * the way lowered code does: pdm_parallel_for over loops of 0 to 5000
 * iterations under 1 to 8 threads, checking that every iteration runs
 * exactly once, on the right arguments, and that the loops from several
 * calling threads at once do not mix; that on 2 threads the calling thread
 * runs a prefix of each loop (the worker takes its blocks from the back);
 * and that a loop of more than 2^31 iterations is covered exactly once. Prints "ok" and exits 0, or names the
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

/* A block the pool hands out lies inside the loop and is not empty. */
static void check_block(int64_t begin, int64_t end, int64_t iterations) {
  if (begin < 0 || end > iterations || begin >= end) {
    printf("FAILED: block [%lld, %lld) of %lld iterations\n", (long long)begin,
           (long long)end, (long long)iterations);
    exit(1);
  }
}

typedef struct {
  int64_t iterations;
  atomic_int *visits; /* per iteration */
  int64_t scale;
  int64_t *out;       /* out[i] = i * scale */
} loop_arguments;

static void task(void *arg, int64_t begin, int64_t end) {
  loop_arguments *a = arg;
  check_block(begin, end, a->iterations);
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

/* On 2 threads: which iterations the calling thread ran. */
typedef struct {
  pthread_t caller;
  unsigned char *by_caller; /* per iteration */
} prefix_arguments;

static void prefix_task(void *arg, int64_t begin, int64_t end) {
  prefix_arguments *a = arg;
  int mine = pthread_equal(pthread_self(), a->caller);
  for (int64_t i = begin; i < end; ++i)
    a->by_caller[i] = (unsigned char)mine;
  /* Long enough blocks that the worker takes some. */
  for (volatile int spin = 0; spin < 20000; ++spin) {
  }
}

static void check_caller_runs_prefix(int64_t iterations) {
  prefix_arguments a = {pthread_self(), calloc(iterations, 1)};
  pdm_parallel_for(iterations, prefix_task, &a);
  /* (Empty where the worker took every block before the caller took one.) */
  int64_t i = 0;
  while (i < iterations && a.by_caller[i])
    ++i;
  for (; i < iterations; ++i)
    CHECK(a.by_caller[i] == 0);
  free(a.by_caller);
}

/* A loop too long for 32-bit halves, covered by blocks: their lengths and
   the sums of their iterations add up (mod 2^64) to the loop's. */
typedef struct {
  int64_t iterations;
  atomic_ullong count, index_sum;
} range_arguments;

static void range_task(void *arg, int64_t begin, int64_t end) {
  range_arguments *a = arg;
  check_block(begin, end, a->iterations);
  uint64_t n = (uint64_t)(end - begin), first = (uint64_t)begin, last = (uint64_t)end - 1;
  /* first + ... + last, halving the even factor */
  uint64_t sum = (n % 2 == 0) ? (n / 2) * (first + last) : n * ((first + last) / 2);
  atomic_fetch_add(&a->count, n);
  atomic_fetch_add(&a->index_sum, sum);
}

static void check_long_loop(int64_t iterations) {
  range_arguments a = {.iterations = iterations};
  atomic_init(&a.count, 0);
  atomic_init(&a.index_sum, 0);
  pdm_parallel_for(iterations, range_task, &a);
  uint64_t n = (uint64_t)iterations;
  uint64_t expected = (n % 2 == 0) ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
  CHECK(atomic_load(&a.count) == n);
  CHECK(atomic_load(&a.index_sum) == expected);
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
  pdm_set_num_threads(2);
  for (int rep = 0; rep < 50; ++rep)
    check_caller_runs_prefix(64 + rep * 7);
  for (int t = 1; t <= 3; ++t) {
    pdm_set_num_threads(t);
    check_long_loop(((int64_t)1 << 31) + 5);
    check_long_loop((int64_t)3 << 31);
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

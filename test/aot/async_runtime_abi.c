/* Drives the thread pool (python/paddle_mlir/backend/runtime/async_runtime.c)
 * through the MLIR async runtime ABI the way lowered code does, with plain
 * functions standing in for coroutines. Prints "ok" and exits 0, or names
 * the first failed check and exits 1. Run by test/python/test_thread_pool.py. */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*resume_fn)(void *);
void mlirAsyncRuntimeAddRef(void *, int64_t);
void mlirAsyncRuntimeDropRef(void *, int64_t);
void *mlirAsyncRuntimeCreateToken(void);
void *mlirAsyncRuntimeCreateValue(int64_t);
void *mlirAsyncRuntimeCreateGroup(int64_t);
int64_t mlirAsyncRuntimeAddTokenToGroup(void *, void *);
void mlirAsyncRuntimeEmplaceToken(void *);
void mlirAsyncRuntimeEmplaceValue(void *);
void mlirAsyncRuntimeSetTokenError(void *);
bool mlirAsyncRuntimeIsTokenError(void *);
bool mlirAsyncRuntimeIsValueError(void *);
bool mlirAsyncRuntimeIsGroupError(void *);
void mlirAsyncRuntimeAwaitToken(void *);
void mlirAsyncRuntimeAwaitValue(void *);
void mlirAsyncRuntimeAwaitAllInGroup(void *);
void *mlirAsyncRuntimeGetValueStorage(void *);
void mlirAsyncRuntimeExecute(void *, resume_fn);
void mlirAsyncRuntimeAwaitTokenAndExecute(void *, void *, resume_fn);
void mlirAsyncRuntimeAwaitAllInGroupAndExecute(void *, void *, resume_fn);
int64_t mlirAsyncRuntimGetNumWorkerThreads(void);
int pdm_async_set_num_threads(int);

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAILED line %d: %s\n", __LINE__, #cond);                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* One block of a parallel loop: sums its range into `out`, then emplaces
   its token (or sets it to error) and drops the task's reference. */
typedef struct {
  void *token;
  int64_t begin, end;
  int64_t *out;
  bool fail;
} block;

static void run_block(void *arg) {
  block *b = arg;
  int64_t sum = 0;
  for (int64_t i = b->begin; i < b->end; ++i)
    sum += i;
  *b->out = sum;
  if (b->fail)
    mlirAsyncRuntimeSetTokenError(b->token);
  else
    mlirAsyncRuntimeEmplaceToken(b->token);
}

/* async-parallel-for with async-dispatch=false: blocks 1..n-1 as tasks in a
   group, block 0 inline, then await the group. */
static int64_t parallel_sum(int64_t total, int blocks, int failing, bool *error) {
  block *b = calloc(blocks, sizeof(block));
  int64_t *partial = calloc(blocks, sizeof(int64_t));
  void *group = mlirAsyncRuntimeCreateGroup(blocks - 1);
  for (int i = 0; i < blocks; ++i) {
    b[i].begin = total * i / blocks;
    b[i].end = total * (i + 1) / blocks;
    b[i].out = &partial[i];
    b[i].fail = i == failing;
  }
  for (int i = 1; i < blocks; ++i) {
    b[i].token = mlirAsyncRuntimeCreateToken();
    mlirAsyncRuntimeExecute(&b[i], run_block);
    int64_t rank = mlirAsyncRuntimeAddTokenToGroup(b[i].token, group);
    CHECK(rank == i - 1);
    mlirAsyncRuntimeDropRef(b[i].token, 1); /* the caller's reference */
  }
  for (int64_t i = b[0].begin; i < b[0].end; ++i)
    partial[0] += i;
  mlirAsyncRuntimeAwaitAllInGroup(group);
  *error = mlirAsyncRuntimeIsGroupError(group);
  mlirAsyncRuntimeDropRef(group, 1);
  int64_t sum = 0;
  for (int i = 0; i < blocks; ++i)
    sum += partial[i];
  free(b);
  free(partial);
  return sum;
}

static atomic_int resumed;
static void count_resume(void *arg) {
  (void)arg;
  atomic_fetch_add(&resumed, 1);
}

static void produce_value(void *value) {
  *(double *)mlirAsyncRuntimeGetValueStorage(value) = 2.5;
  mlirAsyncRuntimeEmplaceValue(value);
}

int main(void) {
  int counts[] = {1, 2, 3, 8};
  for (size_t t = 0; t < sizeof(counts) / sizeof(counts[0]); ++t) {
    pdm_async_set_num_threads(counts[t]);
    CHECK(mlirAsyncRuntimGetNumWorkerThreads() == counts[t]);
    for (int rep = 0; rep < 2000; ++rep) {
      int blocks = 1 + rep % 37;
      int64_t total = 1000 + rep;
      bool error = true;
      CHECK(parallel_sum(total, blocks, -1, &error) == total * (total - 1) / 2);
      CHECK(!error);
    }
    /* A failing block marks the group as failed. */
    bool error = false;
    parallel_sum(5000, 16, 7, &error);
    CHECK(error);
  }
  /* n < 1 only queries. */
  CHECK(pdm_async_set_num_threads(0) == 8);

  /* AwaitTokenAndExecute: resumed when the token becomes available, or at
     once when it already is. */
  void *token = mlirAsyncRuntimeCreateToken();
  atomic_store(&resumed, 0);
  mlirAsyncRuntimeAwaitTokenAndExecute(token, NULL, count_resume);
  CHECK(atomic_load(&resumed) == 0);
  mlirAsyncRuntimeEmplaceToken(token);
  CHECK(atomic_load(&resumed) == 1);
  CHECK(!mlirAsyncRuntimeIsTokenError(token));
  mlirAsyncRuntimeAwaitTokenAndExecute(token, NULL, count_resume);
  CHECK(atomic_load(&resumed) == 2);
  mlirAsyncRuntimeAwaitToken(token);
  mlirAsyncRuntimeDropRef(token, 1);

  /* A group of two: its awaiter runs after both tokens. */
  void *group = mlirAsyncRuntimeCreateGroup(2);
  void *a = mlirAsyncRuntimeCreateToken(), *b = mlirAsyncRuntimeCreateToken();
  mlirAsyncRuntimeAddTokenToGroup(a, group);
  mlirAsyncRuntimeAddTokenToGroup(b, group);
  mlirAsyncRuntimeAwaitAllInGroupAndExecute(group, NULL, count_resume);
  mlirAsyncRuntimeEmplaceToken(a);
  CHECK(atomic_load(&resumed) == 2);
  mlirAsyncRuntimeSetTokenError(b);
  CHECK(atomic_load(&resumed) == 3);
  CHECK(mlirAsyncRuntimeIsTokenError(b));
  CHECK(mlirAsyncRuntimeIsGroupError(group));
  mlirAsyncRuntimeDropRef(a, 1);
  mlirAsyncRuntimeDropRef(b, 1);
  mlirAsyncRuntimeDropRef(group, 1);

  /* A value produced on a worker, awaited by the caller. */
  pdm_async_set_num_threads(2);
  void *value = mlirAsyncRuntimeCreateValue(sizeof(double));
  mlirAsyncRuntimeExecute(value, produce_value);
  mlirAsyncRuntimeAwaitValue(value);
  CHECK(!mlirAsyncRuntimeIsValueError(value));
  CHECK(*(double *)mlirAsyncRuntimeGetValueStorage(value) == 2.5);
  mlirAsyncRuntimeDropRef(value, 1);
  puts("ok");
  return 0;
}

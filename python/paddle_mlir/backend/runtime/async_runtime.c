/* The MLIR async runtime ABI (mlir/ExecutionEngine/AsyncRuntime.h) on a
 * small thread pool of our own.
 *
 * Why not upstream's libmlir_async_runtime.so: its llvm::ThreadPool wakes a
 * sleeping worker through a condition variable for every task, and the
 * thread that runs a parallel loop blocks in `async.await_all` instead of
 * working, so on 2 cores a model got ~1.35 busy cores and ~300 context
 * switches per inference (ResNet-50). Here
 *   - the caller of a parallel loop helps: while it awaits a group or a
 *     token it runs queued tasks itself, so T threads = the caller + T-1
 *     workers, never more runnable threads than asked for;
 *   - idle workers and waiters spin for a short while (PADDLE_MLIR_SPIN_US,
 *     default 1000 µs) before they sleep, so back-to-back parallel loops of
 *     one inference do not pay a wake-up each;
 *   - the number of threads is a setting (PADDLE_MLIR_THREADS, or
 *     pdm_async_set_num_threads), not the machine's core count;
 *   - it needs only libc and pthreads, so a compiled model stays a
 *     self-contained library.
 *
 * Lowered code uses it through `async-parallel-for` + `convert-async-to-llvm`:
 * each block of a parallel loop is a coroutine that mlirAsyncRuntimeExecute
 * queues; its token joins a group; the caller runs block 0 and awaits the
 * group. Reference counting, errors, values and the *AndExecute forms follow
 * upstream's semantics (tokens and values start with two references: the
 * caller's and the one the producer drops when it emplaces).
 *
 * Compiled into each AOT library with hidden visibility (each library has its
 * own pool), and as a shared library for the JIT (ExecutionEngine). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef PDM_ASYNC_API
#define PDM_ASYNC_API __attribute__((visibility("default")))
#endif

typedef void (*pdm_resume_fn)(void *);

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- the pool --------------------------------------------------------- */

typedef struct {
  void *handle;
  pdm_resume_fn resume;
} pdm_task;

enum { MAX_THREADS = 256 };

static struct {
  pthread_mutex_t mu;
  pthread_cond_t work_cv; /* idle workers */
  pthread_cond_t done_cv; /* blocking awaiters */
  pdm_task *ring;
  size_t capacity, head;
  atomic_size_t count;     /* queued tasks (written under mu) */
  int sleeping_workers;    /* under mu */
  atomic_int sleeping_waiters;
  atomic_int threads;      /* caller + workers; 0 = not configured yet */
  int started;             /* workers created (under mu) */
  pthread_t workers[MAX_THREADS];
  atomic_bool quit;
  _Atomic int64_t spin_ns; /* 0 = not read from the environment yet */
} pool = {.mu = PTHREAD_MUTEX_INITIALIZER,
          .work_cv = PTHREAD_COND_INITIALIZER,
          .done_cv = PTHREAD_COND_INITIALIZER};

static int default_threads(void) {
  const char *env = getenv("PADDLE_MLIR_THREADS");
  if (env && *env) {
    long n = strtol(env, NULL, 10);
    if (n >= 1)
      return n > MAX_THREADS ? MAX_THREADS : (int)n;
  }
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set) > MAX_THREADS ? MAX_THREADS : CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : (n > MAX_THREADS ? MAX_THREADS : (int)n);
}

static int pool_threads(void) {
  int t = atomic_load_explicit(&pool.threads, memory_order_relaxed);
  if (t == 0) {
    int expected = 0;
    atomic_compare_exchange_strong(&pool.threads, &expected, default_threads());
    t = atomic_load(&pool.threads);
  }
  return t;
}

static int64_t spin_budget_ns(void) {
  int64_t ns = atomic_load_explicit(&pool.spin_ns, memory_order_relaxed);
  if (ns == 0) {
    const char *env = getenv("PADDLE_MLIR_SPIN_US");
    long us = env && *env ? strtol(env, NULL, 10) : 1000;
    ns = us <= 0 ? 1 : (int64_t)us * 1000;
    atomic_store_explicit(&pool.spin_ns, ns, memory_order_relaxed);
  }
  return ns;
}

/* Pops one task (under the lock); false when the queue is empty. */
static bool pop_task(pdm_task *out) {
  if (atomic_load_explicit(&pool.count, memory_order_acquire) == 0)
    return false;
  pthread_mutex_lock(&pool.mu);
  size_t n = atomic_load_explicit(&pool.count, memory_order_relaxed);
  if (n == 0) {
    pthread_mutex_unlock(&pool.mu);
    return false;
  }
  *out = pool.ring[pool.head];
  pool.head = (pool.head + 1) % pool.capacity;
  atomic_store_explicit(&pool.count, n - 1, memory_order_release);
  pthread_mutex_unlock(&pool.mu);
  return true;
}

static bool run_one_task(void) {
  pdm_task task;
  if (!pop_task(&task))
    return false;
  task.resume(task.handle);
  return true;
}

static void *worker_main(void *arg) {
  int index = (int)(intptr_t)arg; /* worker i is thread i + 1 */
  for (;;) {
    if (atomic_load_explicit(&pool.quit, memory_order_relaxed))
      return NULL;
    bool active = index + 1 < pool_threads();
    if (active && run_one_task())
      continue;
    if (active) {
      int64_t deadline = now_ns() + spin_budget_ns();
      bool found = false;
      for (int i = 0;; ++i) {
        if (atomic_load_explicit(&pool.count, memory_order_relaxed) != 0) {
          found = true;
          break;
        }
        cpu_relax();
        if ((i & 63) == 63 && now_ns() > deadline)
          break;
      }
      if (found)
        continue;
    }
    pthread_mutex_lock(&pool.mu);
    pool.sleeping_workers++;
    while (!atomic_load(&pool.quit) &&
           (atomic_load(&pool.count) == 0 || index + 1 >= pool_threads()))
      pthread_cond_wait(&pool.work_cv, &pool.mu);
    pool.sleeping_workers--;
    pthread_mutex_unlock(&pool.mu);
  }
}

static void pool_after_fork_in_child(void) {
  /* The workers did not survive the fork; queued tasks belong to the
     parent. */
  pthread_mutex_init(&pool.mu, NULL);
  pthread_cond_init(&pool.work_cv, NULL);
  pthread_cond_init(&pool.done_cv, NULL);
  pool.head = 0;
  atomic_store(&pool.count, 0);
  pool.sleeping_workers = 0;
  atomic_store(&pool.sleeping_waiters, 0);
  pool.started = 0;
}

/* Starts the workers the configured thread count asks for (under mu). */
static void ensure_workers_locked(void) {
  static bool atfork_registered = false;
  int wanted = pool_threads() - 1;
  if (!atfork_registered) {
    pthread_atfork(NULL, NULL, pool_after_fork_in_child);
    atfork_registered = true;
  }
  while (pool.started < wanted) {
    if (pthread_create(&pool.workers[pool.started], NULL, worker_main,
                       (void *)(intptr_t)pool.started) != 0)
      break; /* fewer workers: the callers run the rest themselves */
    pool.started++;
  }
}

static void push_task(void *handle, pdm_resume_fn resume) {
  pthread_mutex_lock(&pool.mu);
  ensure_workers_locked();
  size_t n = atomic_load_explicit(&pool.count, memory_order_relaxed);
  if (n == pool.capacity) {
    size_t capacity = pool.capacity ? 2 * pool.capacity : 64;
    pdm_task *ring = malloc(capacity * sizeof(pdm_task));
    if (!ring) {
      pthread_mutex_unlock(&pool.mu);
      resume(handle); /* out of memory: run it here */
      return;
    }
    for (size_t i = 0; i < n; ++i)
      ring[i] = pool.ring[(pool.head + i) % pool.capacity];
    free(pool.ring);
    pool.ring = ring;
    pool.capacity = capacity;
    pool.head = 0;
  }
  pool.ring[(pool.head + n) % pool.capacity] = (pdm_task){handle, resume};
  atomic_store_explicit(&pool.count, n + 1, memory_order_release);
  if (pool.sleeping_workers > 0)
    pthread_cond_signal(&pool.work_cv);
  pthread_mutex_unlock(&pool.mu);
  /* A waiter asleep in a helping wait may run it too. */
  if (atomic_load(&pool.sleeping_waiters) > 0) {
    pthread_mutex_lock(&pool.mu);
    pthread_cond_broadcast(&pool.done_cv);
    pthread_mutex_unlock(&pool.mu);
  }
}

/* Wakes threads blocked in wait_until after a state change. */
static void wake_waiters(void) {
  if (atomic_load(&pool.sleeping_waiters) > 0) {
    pthread_mutex_lock(&pool.mu);
    pthread_cond_broadcast(&pool.done_cv);
    pthread_mutex_unlock(&pool.mu);
  }
}

/* Blocks until ready(obj), running queued tasks meanwhile. */
static void wait_until(bool (*ready)(void *), void *obj) {
  int64_t deadline = 0;
  for (int i = 0; !ready(obj); ++i) {
    if (run_one_task()) {
      deadline = 0;
      continue;
    }
    cpu_relax();
    if ((i & 63) != 63)
      continue;
    int64_t now = now_ns();
    if (deadline == 0) {
      deadline = now + spin_budget_ns();
      continue;
    }
    if (now < deadline)
      continue;
    pthread_mutex_lock(&pool.mu);
    atomic_fetch_add(&pool.sleeping_waiters, 1);
    while (!ready(obj) && atomic_load(&pool.count) == 0)
      pthread_cond_wait(&pool.done_cv, &pool.mu);
    atomic_fetch_sub(&pool.sleeping_waiters, 1);
    pthread_mutex_unlock(&pool.mu);
    deadline = 0;
  }
}

__attribute__((destructor)) static void pool_shutdown(void) {
  pthread_mutex_lock(&pool.mu);
  int started = pool.started;
  atomic_store(&pool.quit, true);
  pthread_cond_broadcast(&pool.work_cv);
  pthread_mutex_unlock(&pool.mu);
  for (int i = 0; i < started; ++i)
    pthread_join(pool.workers[i], NULL);
  pool.started = 0;
}

/* ---- tokens, values, groups ------------------------------------------- */

enum { KIND_TOKEN = 1, KIND_VALUE, KIND_GROUP };
enum { STATE_UNAVAILABLE = 0, STATE_AVAILABLE, STATE_ERROR };

struct pdm_group;
typedef struct pdm_awaiter {
  struct pdm_awaiter *next;
  void *handle;            /* a coroutine to resume, or */
  pdm_resume_fn resume;
  struct pdm_group *group; /* a group whose pending count drops */
} pdm_awaiter;

typedef struct {
  atomic_long refs;
  int kind;
} pdm_object;

/* A token; a value is a token with storage. */
typedef struct {
  pdm_object object;
  atomic_int state;
  pthread_mutex_t mu;
  pdm_awaiter *awaiters;
  void *storage;
} pdm_token;

typedef struct pdm_group {
  pdm_object object;
  atomic_long pending;
  atomic_long errors;
  atomic_long rank;
  pthread_mutex_t mu;
  pdm_awaiter *awaiters;
} pdm_group;

static void destroy(pdm_object *object) {
  if (object->kind == KIND_GROUP) {
    pdm_group *group = (pdm_group *)object;
    pthread_mutex_destroy(&group->mu);
  } else {
    pdm_token *token = (pdm_token *)object;
    pthread_mutex_destroy(&token->mu);
    free(token->storage);
  }
  free(object);
}

PDM_ASYNC_API void mlirAsyncRuntimeAddRef(void *ptr, int64_t count) {
  atomic_fetch_add(&((pdm_object *)ptr)->refs, count);
}

PDM_ASYNC_API void mlirAsyncRuntimeDropRef(void *ptr, int64_t count) {
  pdm_object *object = ptr;
  if (atomic_fetch_sub(&object->refs, count) == count)
    destroy(object);
}

static pdm_token *new_token(int kind, size_t storage_bytes) {
  pdm_token *token = calloc(1, sizeof(pdm_token));
  if (!token) {
    fputs("paddle-mlir async runtime: out of memory\n", stderr);
    abort();
  }
  atomic_init(&token->object.refs, 2);
  token->object.kind = kind;
  pthread_mutex_init(&token->mu, NULL);
  if (kind == KIND_VALUE) {
    token->storage = calloc(1, storage_bytes ? storage_bytes : 1);
    if (!token->storage) {
      fputs("paddle-mlir async runtime: out of memory\n", stderr);
      abort();
    }
  }
  return token;
}

PDM_ASYNC_API void *mlirAsyncRuntimeCreateToken(void) {
  return new_token(KIND_TOKEN, 0);
}

PDM_ASYNC_API void *mlirAsyncRuntimeCreateValue(int64_t size) {
  return new_token(KIND_VALUE, (size_t)(size > 0 ? size : 0));
}

PDM_ASYNC_API void *mlirAsyncRuntimeCreateGroup(int64_t size) {
  pdm_group *group = calloc(1, sizeof(pdm_group));
  if (!group) {
    fputs("paddle-mlir async runtime: out of memory\n", stderr);
    abort();
  }
  atomic_init(&group->object.refs, 1);
  group->object.kind = KIND_GROUP;
  atomic_init(&group->pending, size);
  pthread_mutex_init(&group->mu, NULL);
  return group;
}

static void run_awaiters(pdm_awaiter *list) {
  while (list) {
    pdm_awaiter *next = list->next;
    list->resume(list->handle);
    free(list);
    list = next;
  }
}

static void group_token_ready(pdm_group *group, bool error) {
  if (error)
    atomic_fetch_add(&group->errors, 1);
  if (atomic_fetch_sub(&group->pending, 1) != 1)
    return;
  pthread_mutex_lock(&group->mu);
  pdm_awaiter *list = group->awaiters;
  group->awaiters = NULL;
  pthread_mutex_unlock(&group->mu);
  wake_waiters();
  run_awaiters(list);
}

static void set_state(pdm_token *token, int state) {
  pthread_mutex_lock(&token->mu);
  atomic_store(&token->state, state);
  pdm_awaiter *list = token->awaiters;
  token->awaiters = NULL;
  pthread_mutex_unlock(&token->mu);
  wake_waiters();
  while (list) {
    pdm_awaiter *next = list->next;
    if (list->group) {
      group_token_ready(list->group, state == STATE_ERROR);
      mlirAsyncRuntimeDropRef(list->group, 1);
    } else {
      list->resume(list->handle);
    }
    free(list);
    list = next;
  }
  /* The producer's reference (see new_token). */
  mlirAsyncRuntimeDropRef(token, 1);
}

PDM_ASYNC_API void mlirAsyncRuntimeEmplaceToken(void *token) {
  set_state(token, STATE_AVAILABLE);
}
PDM_ASYNC_API void mlirAsyncRuntimeEmplaceValue(void *value) {
  set_state(value, STATE_AVAILABLE);
}
PDM_ASYNC_API void mlirAsyncRuntimeSetTokenError(void *token) {
  set_state(token, STATE_ERROR);
}
PDM_ASYNC_API void mlirAsyncRuntimeSetValueError(void *value) {
  set_state(value, STATE_ERROR);
}

PDM_ASYNC_API bool mlirAsyncRuntimeIsTokenError(void *token) {
  return atomic_load(&((pdm_token *)token)->state) == STATE_ERROR;
}
PDM_ASYNC_API bool mlirAsyncRuntimeIsValueError(void *value) {
  return atomic_load(&((pdm_token *)value)->state) == STATE_ERROR;
}
PDM_ASYNC_API bool mlirAsyncRuntimeIsGroupError(void *group) {
  return atomic_load(&((pdm_group *)group)->errors) > 0;
}

PDM_ASYNC_API int64_t mlirAsyncRuntimeAddTokenToGroup(void *token_ptr,
                                                      void *group_ptr) {
  pdm_token *token = token_ptr;
  pdm_group *group = group_ptr;
  int64_t rank = atomic_fetch_add(&group->rank, 1);
  pthread_mutex_lock(&token->mu);
  int state = atomic_load(&token->state);
  if (state != STATE_UNAVAILABLE) {
    pthread_mutex_unlock(&token->mu);
    group_token_ready(group, state == STATE_ERROR);
    return rank;
  }
  pdm_awaiter *awaiter = calloc(1, sizeof(pdm_awaiter));
  if (!awaiter) {
    fputs("paddle-mlir async runtime: out of memory\n", stderr);
    abort();
  }
  mlirAsyncRuntimeAddRef(group, 1); /* alive until the token is ready */
  awaiter->group = group;
  awaiter->next = token->awaiters;
  token->awaiters = awaiter;
  pthread_mutex_unlock(&token->mu);
  return rank;
}

static bool token_ready(void *token) {
  return atomic_load(&((pdm_token *)token)->state) != STATE_UNAVAILABLE;
}
static bool group_ready(void *group) {
  return atomic_load(&((pdm_group *)group)->pending) <= 0;
}

PDM_ASYNC_API void mlirAsyncRuntimeAwaitToken(void *token) {
  wait_until(token_ready, token);
}
PDM_ASYNC_API void mlirAsyncRuntimeAwaitValue(void *value) {
  wait_until(token_ready, value);
}
PDM_ASYNC_API void mlirAsyncRuntimeAwaitAllInGroup(void *group) {
  wait_until(group_ready, group);
}

PDM_ASYNC_API void *mlirAsyncRuntimeGetValueStorage(void *value) {
  return ((pdm_token *)value)->storage;
}

PDM_ASYNC_API void mlirAsyncRuntimeExecute(void *handle, pdm_resume_fn resume) {
  push_task(handle, resume);
}

static void add_or_run(pthread_mutex_t *mu, pdm_awaiter **list, bool ready,
                       void *handle, pdm_resume_fn resume) {
  if (ready) {
    pthread_mutex_unlock(mu);
    resume(handle);
    return;
  }
  pdm_awaiter *awaiter = calloc(1, sizeof(pdm_awaiter));
  if (!awaiter) {
    fputs("paddle-mlir async runtime: out of memory\n", stderr);
    abort();
  }
  awaiter->handle = handle;
  awaiter->resume = resume;
  awaiter->next = *list;
  *list = awaiter;
  pthread_mutex_unlock(mu);
}

PDM_ASYNC_API void mlirAsyncRuntimeAwaitTokenAndExecute(void *token_ptr,
                                                        void *handle,
                                                        pdm_resume_fn resume) {
  pdm_token *token = token_ptr;
  pthread_mutex_lock(&token->mu);
  add_or_run(&token->mu, &token->awaiters, token_ready(token), handle, resume);
}

PDM_ASYNC_API void mlirAsyncRuntimeAwaitValueAndExecute(void *value,
                                                        void *handle,
                                                        pdm_resume_fn resume) {
  mlirAsyncRuntimeAwaitTokenAndExecute(value, handle, resume);
}

PDM_ASYNC_API void
mlirAsyncRuntimeAwaitAllInGroupAndExecute(void *group_ptr, void *handle,
                                          pdm_resume_fn resume) {
  pdm_group *group = group_ptr;
  pthread_mutex_lock(&group->mu);
  add_or_run(&group->mu, &group->awaiters, group_ready(group), handle, resume);
}

/* Upstream's spelling (sic): the number of threads that run tasks; the
   lowered parallel loops split their iterations into ~8 blocks per thread. */
PDM_ASYNC_API int64_t mlirAsyncRuntimGetNumWorkerThreads(void) {
  return pool_threads();
}

PDM_ASYNC_API void mlirAsyncRuntimePrintCurrentThreadId(void) {
  printf("Current thread id: %lu\n", (unsigned long)pthread_self());
}

/* ---- settings ----------------------------------------------------------- */

/* Threads that run parallel loops (the caller included), from now on;
   returns the previous count. Values < 1 only query. */
PDM_ASYNC_API int pdm_async_set_num_threads(int threads) {
  int previous = pool_threads();
  if (threads < 1)
    return previous;
  if (threads > MAX_THREADS)
    threads = MAX_THREADS;
  pthread_mutex_lock(&pool.mu);
  atomic_store(&pool.threads, threads);
  pthread_cond_broadcast(&pool.work_cv); /* idle extra workers go to sleep */
  pthread_mutex_unlock(&pool.mu);
  return previous;
}

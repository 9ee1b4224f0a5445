/* The thread pool that runs parallel loops of compiled programs:
 *
 *   void pdm_parallel_for(int64_t iterations,
 *                         void (*task)(void *arguments, int64_t begin, int64_t end),
 *                         void *arguments);
 *
 * pd-outline-parallel-loops / pd-lower-parallel-dispatch turn each outermost
 * scf.parallel into a call of it. The calling thread and the workers take
 * blocks of iterations in turn, each the iterations left divided by twice
 * the threads (guided self-scheduling on an atomic counter: the balance of
 * a dynamic schedule, a few atomic operations per loop); the caller
 * returns when every block is done.
 *
 * Why not upstream's async runtime (async-parallel-for + libmlir_async_runtime):
 * its llvm::ThreadPool wakes a sleeping worker through a condition variable
 * for every block, the calling thread blocks in `async.await_all` instead of
 * working, and each parallel loop becomes coroutines with up to four copies
 * of its body. On 2 cores ResNet-50 kept ~1.35 cores busy with ~300 context
 * switches per inference, and DenseNet-121 took 3x longer in LLVM. Here
 *   - the caller works, and while it waits it runs queued tasks: T threads
 *     are the caller + T-1 workers, never more runnable threads than asked;
 *   - idle workers and waiters spin for a short while (PADDLE_MLIR_SPIN_US,
 *     default 1000 us) before they sleep, so back-to-back parallel loops of
 *     one inference do not pay a wake-up each;
 *   - the number of threads is a setting (PADDLE_MLIR_THREADS, or
 *     pdm_set_num_threads), not the machine's core count;
 *   - it needs only libc and pthreads, so a compiled model stays a
 *     self-contained library.
 *
 * Interruption (Ctrl-C): once pdm_interrupt() is called (from any thread,
 * or from a signal handler: pdm_catch_sigint installs one for SIGINT that
 * chains to the handler it replaces), parallel loops run no more blocks and
 * new ones return at once, so a long run ends within about one block of
 * work. The caller clears the request before a run (pdm_take_interrupt)
 * and takes it after: a run that was cut short has no valid outputs.
 *
 * Compiled into each AOT library with hidden symbols (each library has its
 * own pool), and as a shared library for the JIT (ExecutionEngine). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef PDM_API
#ifdef PDM_HIDDEN /* compiled into an AOT library: its own copy, not exported */
#define PDM_API __attribute__((visibility("hidden")))
#else
#define PDM_API __attribute__((visibility("default")))
#endif
#endif

typedef void (*pdm_resume_fn)(void *);

/* The least stack a worker gets (see ensure_workers_locked). */
#define WORKER_STACK ((size_t)8 << 20)

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

/* A queued task: resume(handle). */
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
  /* Parallel bodies keep buffers on the stack (a convolution's im2col
   * panel: up to 256 KB): workers get at least WORKER_STACK bytes, whatever
   * the libc's default (musl's is 128 KB). */
  pthread_attr_t attr;
  bool initialized = pthread_attr_init(&attr) == 0, sized = initialized;
  size_t stack = 0;
  if (sized && (pthread_attr_getstacksize(&attr, &stack) != 0 || stack < WORKER_STACK))
    sized = pthread_attr_setstacksize(&attr, WORKER_STACK) == 0;
  while (pool.started < wanted) {
    if (pthread_create(&pool.workers[pool.started], sized ? &attr : NULL, worker_main,
                       (void *)(intptr_t)pool.started) != 0)
      break; /* fewer workers: the callers run the rest themselves */
    pool.started++;
  }
  if (initialized)
    pthread_attr_destroy(&attr);
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

/* ---- settings ----------------------------------------------------------- */

/* Threads that run parallel loops (the caller included), from now on;
   returns the previous count. Values < 1 only query. */
PDM_API int pdm_set_num_threads(int threads) {
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

/* ---- interruption --------------------------------------------------------- */

static atomic_int interrupt_requested;
static struct sigaction previous_sigint;

static inline bool interrupted(void) {
  return atomic_load_explicit(&interrupt_requested, memory_order_relaxed) != 0;
}

/* Asks the running program to stop (async-signal-safe). */
PDM_API void pdm_interrupt(void) {
  atomic_store_explicit(&interrupt_requested, 1, memory_order_relaxed);
}

/* Whether an interruption was asked for since the last call; clears it. */
PDM_API int pdm_take_interrupt(void) {
  return atomic_exchange_explicit(&interrupt_requested, 0, memory_order_relaxed);
}

static void on_sigint(int sig, siginfo_t *info, void *context) {
  pdm_interrupt();
  /* Then what the process did before (Python's handler records the signal
     and raises KeyboardInterrupt once the run returns). */
  if (previous_sigint.sa_flags & SA_SIGINFO) {
    if (previous_sigint.sa_sigaction)
      previous_sigint.sa_sigaction(sig, info, context);
  } else if (previous_sigint.sa_handler == SIG_DFL) {
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
  } else if (previous_sigint.sa_handler != SIG_IGN) {
    previous_sigint.sa_handler(sig);
  }
}

/* Makes SIGINT interrupt runs, keeping the current handler's behaviour
   (once per process image; 0 on success). Not done by default: a library
   does not take over a host's signals unless asked. */
PDM_API int pdm_catch_sigint(void) {
  static atomic_int installed;
  if (atomic_exchange(&installed, 1))
    return 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_sigint;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGINT, &action, &previous_sigint) != 0) {
    atomic_store(&installed, 0);
    return -1;
  }
  return 0;
}

/* ---- parallel loops ------------------------------------------------------ */

typedef void (*pdm_loop_task)(void *arguments, int64_t begin, int64_t end);

typedef struct {
  pdm_loop_task task;
  void *arguments;
  int64_t split;       /* a block is the remaining iterations / split */
  /* The iterations not taken yet, [front, back): front in the high 32
     bits, back in the low 32 (loops of fewer than 2^31 iterations). */
  atomic_ullong untaken;
  atomic_int helpers;  /* helper tasks that have not finished yet */
} pdm_loop;

static inline uint64_t pack_range(int64_t front, int64_t back) {
  return ((uint64_t)front << 32) | (uint64_t)back;
}

/* Takes blocks until none is left: guided self-scheduling, each block the
 * iterations left divided by twice the threads (at least one). The first
 * blocks are large (few atomic operations), the last ones a single
 * iteration, so the threads finish within about one iteration of each
 * other. Blocks of 1/16 of the loop each (8 per thread) left the caller
 * waiting about half a block for the other thread at the end of every loop:
 * 4-5% of MobileNetV2's time on 2 threads.
 *
 * The caller takes its blocks from the front of the loop, the helpers
 * from the back. On 2 threads the caller then runs about the first half of
 * every loop and the worker the second: consecutive loops over the same
 * channels (MobileNetV2's and PP-LCNet's expansions, depthwise convolutions
 * and their epilogues) find the channels they read in their own core's
 * cache, where taking blocks in turn from one end gave each thread about
 * half of its data from the other core's. A thread that falls behind still
 * leaves the rest to the other. */
static void run_blocks(pdm_loop *loop, bool from_back) {
  uint64_t range = atomic_load_explicit(&loop->untaken, memory_order_relaxed);
  for (;;) {
    int64_t front, back, begin, size;
    uint64_t taken;
    do {
      front = (int64_t)(range >> 32);
      back = (int64_t)(range & 0xffffffffu);
      if (front >= back)
        return;
      size = (back - front) / loop->split;
      if (size < 1)
        size = 1;
      begin = from_back ? back - size : front;
      taken = from_back ? pack_range(front, begin) : pack_range(front + size, back);
    } while (!atomic_compare_exchange_weak_explicit(&loop->untaken, &range, taken,
                                                    memory_order_relaxed,
                                                    memory_order_relaxed));
    if (!interrupted()) /* else drain the iterations without running them */
      loop->task(loop->arguments, begin, begin + size);
    range = atomic_load_explicit(&loop->untaken, memory_order_relaxed);
  }
}

static void help_loop(void *arg) {
  pdm_loop *loop = arg;
  run_blocks(loop, /*from_back=*/true);
  /* Last use of `loop`: after this the caller may return and free it. */
  atomic_fetch_sub_explicit(&loop->helpers, 1, memory_order_release);
  wake_waiters();
}

static bool loop_finished(void *arg) {
  return atomic_load_explicit(&((pdm_loop *)arg)->helpers, memory_order_acquire) == 0;
}

/* ---- profile (PADDLE_MLIR_PROFILE) -------------------------------------- */

/* With PADDLE_MLIR_PROFILE=FILE in the environment, each parallel loop body
 * (a task: one per outlined loop) adds up its calls, iterations, wall time,
 * the time its caller waited for the other threads after its own blocks
 * (imbalance) and the time since the previous loop ended on that thread
 * (work on one thread only: the serial kernels between parallel ones, and
 * for the first loop of a run whatever the caller did between runs). When
 * the library is unloaded the table is appended to FILE, one line per task:
 *   pdm_profile <task - pdm_parallel_for, hex> <calls> <iterations> <wall ns>
 *               <wait ns> <serial ns>
 * (an offset from this library's own pdm_parallel_for, which `nm` turns into
 * the task's name: bench/profile_model.py). Off, it costs one relaxed load
 * per loop. */
enum { PROFILE_SLOTS = 2048 };

typedef struct {
  pdm_loop_task task;
  int64_t calls, iterations, wall_ns, wait_ns, serial_ns;
} profile_slot;

static struct {
  atomic_int state; /* 0: not read yet, 1: off, 2: on */
  pthread_mutex_t mu;
  profile_slot slots[PROFILE_SLOTS];
} profile = {.mu = PTHREAD_MUTEX_INITIALIZER};

static _Thread_local int64_t last_loop_end_ns;

static bool profiling(void) {
  int state = atomic_load_explicit(&profile.state, memory_order_relaxed);
  if (state == 0) {
    const char *path = getenv("PADDLE_MLIR_PROFILE");
    state = path && *path ? 2 : 1;
    atomic_store_explicit(&profile.state, state, memory_order_relaxed);
  }
  return state == 2;
}

static void profile_record(pdm_loop_task task, int64_t iterations, int64_t wall,
                           int64_t wait, int64_t serial) {
  pthread_mutex_lock(&profile.mu);
  size_t h = ((uintptr_t)task >> 4) % PROFILE_SLOTS;
  for (size_t probe = 0; probe < PROFILE_SLOTS; ++probe, h = (h + 1) % PROFILE_SLOTS) {
    profile_slot *slot = &profile.slots[h];
    if (slot->task != task && slot->task != NULL)
      continue;
    slot->task = task;
    slot->calls += 1;
    slot->iterations += iterations;
    slot->wall_ns += wall;
    slot->wait_ns += wait;
    slot->serial_ns += serial;
    break;
  }
  pthread_mutex_unlock(&profile.mu);
}

PDM_API void pdm_parallel_for(int64_t iterations, pdm_loop_task task, void *arguments);

__attribute__((destructor)) static void profile_write(void) {
  if (atomic_load(&profile.state) != 2)
    return;
  FILE *f = fopen(getenv("PADDLE_MLIR_PROFILE"), "a");
  if (!f)
    return;
  pthread_mutex_lock(&profile.mu);
  for (size_t i = 0; i < PROFILE_SLOTS; ++i) {
    profile_slot *s = &profile.slots[i];
    if (s->task)
      fprintf(f, "pdm_profile %llx %lld %lld %lld %lld %lld\n",
              (unsigned long long)((uintptr_t)s->task - (uintptr_t)&pdm_parallel_for),
              (long long)s->calls, (long long)s->iterations, (long long)s->wall_ns,
              (long long)s->wait_ns, (long long)s->serial_ns);
  }
  pthread_mutex_unlock(&profile.mu);
  fclose(f);
}

/* Iterations [offset + begin, offset + end) of a loop too long for one
   pdm_loop. */
typedef struct {
  pdm_loop_task task;
  void *arguments;
  int64_t offset;
} offset_loop;

static void run_offset(void *arg, int64_t begin, int64_t end) {
  offset_loop *part = arg;
  part->task(part->arguments, part->offset + begin, part->offset + end);
}

/* The loop itself; `waited` (if not NULL) gets the time the caller spent
   waiting for the other threads after its own blocks. */
static void parallel_for(int64_t iterations, pdm_loop_task task, void *arguments,
                         int64_t *waited) {
  int threads = pool_threads();
  if (threads <= 1 || iterations == 1) {
    task(arguments, 0, iterations);
    return;
  }
  if (iterations > INT32_MAX) { /* the range packs into 32-bit halves */
    for (int64_t begin = 0; begin < iterations; begin += INT32_MAX) {
      offset_loop part = {task, arguments, begin};
      int64_t size = iterations - begin < INT32_MAX ? iterations - begin : INT32_MAX, wait = 0;
      parallel_for(size, run_offset, &part, waited ? &wait : NULL);
      if (waited)
        *waited += wait;
    }
    return;
  }
  pdm_loop loop = {.task = task, .arguments = arguments, .split = 2 * (int64_t)threads};
  int helpers = threads - 1 < iterations - 1 ? threads - 1 : (int)(iterations - 1);
  atomic_init(&loop.untaken, pack_range(0, iterations));
  atomic_init(&loop.helpers, helpers);
  for (int i = 0; i < helpers; ++i)
    push_task(&loop, help_loop);
  run_blocks(&loop, /*from_back=*/false);
  int64_t done = waited ? now_ns() : 0;
  /* Helpers still queued are run here (they find no block left). */
  wait_until(loop_finished, &loop);
  if (waited)
    *waited = now_ns() - done;
}

PDM_API void pdm_parallel_for(int64_t iterations, pdm_loop_task task, void *arguments) {
  if (iterations <= 0 || interrupted())
    return;
  if (!profiling()) {
    parallel_for(iterations, task, arguments, NULL);
    return;
  }
  int64_t start = now_ns(), waited = 0;
  int64_t serial = last_loop_end_ns ? start - last_loop_end_ns : 0;
  parallel_for(iterations, task, arguments, &waited);
  last_loop_end_ns = now_ns();
  profile_record(task, iterations, last_loop_end_ns - start, waited, serial);
}

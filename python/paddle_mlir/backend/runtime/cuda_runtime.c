/* paddle-mlir's CUDA runtime: the functions that code lowered by
 * `pd-lower-to-cuda` calls (MLIR's mgpu* interface, plus pdm_cuda_constant),
 * built on the CUDA driver API alone. libcuda.so.1 is opened with dlopen the
 * first time it is needed, so a library that contains this runtime loads on
 * any machine: without a driver or a GPU its calls fail with a message
 * (pdm_cuda_take_error) instead of aborting the process. MLIR's own
 * libmlir_cuda_runtime.so needs libLLVM, far too large to ship to a GPU
 * server.
 *
 * Execution model: every launch, copy and allocation of the program goes to
 * one stream per process (mgpuStreamCreate returns it, mgpuStreamDestroy
 * keeps it), so a run is synchronized once, at its end. Device buffers come
 * from a caching allocator (a run allocates the same sizes each time):
 * cuMemAlloc/cuMemFree synchronize the device and would serialize the run.
 * Functions are looked up once per (module, name).
 *
 * The first error of a run is kept (later launches are skipped) until
 * pdm_cuda_take_error() reads it; the generated entry points return it as a
 * status. PDM_API sets the visibility (hidden inside a model's library). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PDM_API
#ifdef PDM_HIDDEN /* compiled into a model's library: not exported */
#define PDM_API __attribute__((visibility("hidden")))
#else
#define PDM_API __attribute__((visibility("default")))
#endif
#endif

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;
typedef unsigned long long CUdeviceptr;

#define CUDA_SUCCESS 0
#define CU_STREAM_NON_BLOCKING 1

/* The driver functions we use, by their exported (versioned) names. */
static struct {
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DeviceGet)(CUdevice *, int);
  CUresult (*DevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*StreamCreate)(CUstream *, unsigned);
  CUresult (*StreamSynchronize)(CUstream);
  CUresult (*ModuleLoadData)(CUmodule *, const void *);
  CUresult (*ModuleUnload)(CUmodule);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, CUstream, void **, void **);
  CUresult (*MemAlloc)(CUdeviceptr *, size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*MemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*MemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*MemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*MemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*GetErrorString)(CUresult, const char **);
  CUresult (*DeviceGetName)(char *, int, CUdevice);
} cu;

static pthread_once_t pdm_cuda_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t pdm_cuda_lock = PTHREAD_MUTEX_INITIALIZER;
static int pdm_cuda_ready;      /* the driver, a device and its context */
static char pdm_cuda_init_error[512];
static CUcontext pdm_cuda_context;
static CUstream pdm_cuda_stream;
static char pdm_cuda_device_name[256];

/* The first error since the last pdm_cuda_take_error. */
static char pdm_cuda_error[1024];
static int pdm_cuda_failed;

static void pdm_set_error(const char *what, CUresult result) {
  if (pdm_cuda_failed)
    return;
  pdm_cuda_failed = 1;
  const char *name = NULL, *text = NULL;
  if (cu.GetErrorName)
    cu.GetErrorName(result, &name);
  if (cu.GetErrorString)
    cu.GetErrorString(result, &text);
  snprintf(pdm_cuda_error, sizeof pdm_cuda_error, "CUDA error in %s: %s (%d)%s%s", what,
           name ? name : "unknown error", result, text ? ": " : "", text ? text : "");
}

static void pdm_set_message(const char *message) {
  if (pdm_cuda_failed)
    return;
  pdm_cuda_failed = 1;
  snprintf(pdm_cuda_error, sizeof pdm_cuda_error, "%s", message);
}

#define PDM_CHECK(what, call)                                                                \
  do {                                                                                       \
    CUresult pdm_result_ = (call);                                                           \
    if (pdm_result_ != CUDA_SUCCESS)                                                         \
      pdm_set_error(what, pdm_result_);                                                      \
  } while (0)

static void pdm_cuda_initialize(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    snprintf(pdm_cuda_init_error, sizeof pdm_cuda_init_error,
             "no CUDA driver: libcuda.so.1 cannot be loaded (%s); the CUDA backend needs an "
             "NVIDIA GPU and its driver", dlerror());
    return;
  }
  struct { void **slot; const char *name; } symbols[] = {
      {(void **)&cu.Init, "cuInit"},
      {(void **)&cu.DeviceGetCount, "cuDeviceGetCount"},
      {(void **)&cu.DeviceGet, "cuDeviceGet"},
      {(void **)&cu.DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"},
      {(void **)&cu.CtxSetCurrent, "cuCtxSetCurrent"},
      {(void **)&cu.StreamCreate, "cuStreamCreate"},
      {(void **)&cu.StreamSynchronize, "cuStreamSynchronize"},
      {(void **)&cu.ModuleLoadData, "cuModuleLoadData"},
      {(void **)&cu.ModuleUnload, "cuModuleUnload"},
      {(void **)&cu.ModuleGetFunction, "cuModuleGetFunction"},
      {(void **)&cu.LaunchKernel, "cuLaunchKernel"},
      {(void **)&cu.MemAlloc, "cuMemAlloc_v2"},
      {(void **)&cu.MemFree, "cuMemFree_v2"},
      {(void **)&cu.MemcpyAsync, "cuMemcpyAsync"},
      {(void **)&cu.MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"},
      {(void **)&cu.MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"},
      {(void **)&cu.MemsetD32Async, "cuMemsetD32Async"},
      {(void **)&cu.MemsetD16Async, "cuMemsetD16Async"},
      {(void **)&cu.GetErrorName, "cuGetErrorName"},
      {(void **)&cu.GetErrorString, "cuGetErrorString"},
      {(void **)&cu.DeviceGetName, "cuDeviceGetName"},
  };
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; ++i) {
    *symbols[i].slot = dlsym(lib, symbols[i].name);
    if (!*symbols[i].slot) {
      snprintf(pdm_cuda_init_error, sizeof pdm_cuda_init_error,
               "the CUDA driver has no %s: it is too old for this library", symbols[i].name);
      return;
    }
  }
  const char *what = NULL;
  CUresult r;
  int count = 0;
  CUdevice device;
  if ((r = cu.Init(0)) != CUDA_SUCCESS)
    what = "cuInit";
  else if ((r = cu.DeviceGetCount(&count)) != CUDA_SUCCESS)
    what = "cuDeviceGetCount";
  else if (count == 0) {
    snprintf(pdm_cuda_init_error, sizeof pdm_cuda_init_error,
             "the CUDA driver found no GPU");
    return;
  } else if ((r = cu.DeviceGet(&device, 0)) != CUDA_SUCCESS)
    what = "cuDeviceGet";
  else if ((r = cu.DevicePrimaryCtxRetain(&pdm_cuda_context, device)) != CUDA_SUCCESS)
    what = "cuDevicePrimaryCtxRetain";
  else if ((r = cu.CtxSetCurrent(pdm_cuda_context)) != CUDA_SUCCESS)
    what = "cuCtxSetCurrent";
  else if ((r = cu.StreamCreate(&pdm_cuda_stream, CU_STREAM_NON_BLOCKING)) != CUDA_SUCCESS)
    what = "cuStreamCreate";
  if (what) {
    const char *name = NULL;
    cu.GetErrorName(r, &name);
    snprintf(pdm_cuda_init_error, sizeof pdm_cuda_init_error, "CUDA error in %s: %s (%d)",
             what, name ? name : "unknown error", r);
    return;
  }
  cu.DeviceGetName(pdm_cuda_device_name, sizeof pdm_cuda_device_name, device);
  pdm_cuda_ready = 1;
}

/* Whether CUDA can be used from this thread (its context made current); on
 * failure the reason becomes the pending error. */
static int pdm_cuda_usable(void) {
  pthread_once(&pdm_cuda_once, pdm_cuda_initialize);
  if (!pdm_cuda_ready) {
    pdm_set_message(pdm_cuda_init_error);
    return 0;
  }
  cu.CtxSetCurrent(pdm_cuda_context);
  return !pdm_cuda_failed;
}

/* -- queries for the entry points and Python ------------------------------ */

/* 1 when the driver and a GPU are there; else 0 and *why says why. */
PDM_API int pdm_cuda_available(const char **why) {
  pthread_once(&pdm_cuda_once, pdm_cuda_initialize);
  if (why)
    *why = pdm_cuda_ready ? pdm_cuda_device_name : pdm_cuda_init_error;
  return pdm_cuda_ready;
}

/* The first error since the last call (NULL when none); clears it. */
PDM_API const char *pdm_cuda_take_error(void) {
  static char taken[sizeof pdm_cuda_error];
  if (!pdm_cuda_failed)
    return NULL;
  memcpy(taken, pdm_cuda_error, sizeof taken);
  pdm_cuda_failed = 0;
  return taken;
}

/* Starts a run: 0 when CUDA is usable. */
PDM_API int pdm_cuda_begin(void) { return pdm_cuda_usable() ? 0 : -1; }

/* Ends a run: waits for its work; 0, or -1 when any step failed. */
PDM_API int pdm_cuda_end(void) {
  if (pdm_cuda_ready && !pdm_cuda_failed)
    PDM_CHECK("cuStreamSynchronize (a kernel of the run failed)",
              cu.StreamSynchronize(pdm_cuda_stream));
  return pdm_cuda_failed ? -1 : 0;
}

PDM_API void pdm_cuda_upload(void *device, const void *host, size_t bytes) {
  if (bytes && pdm_cuda_usable())
    PDM_CHECK("cuMemcpyHtoDAsync", cu.MemcpyHtoDAsync((CUdeviceptr)device, host, bytes,
                                                      pdm_cuda_stream));
}

PDM_API void pdm_cuda_download(void *host, const void *device, size_t bytes) {
  if (bytes && pdm_cuda_usable())
    PDM_CHECK("cuMemcpyDtoHAsync", cu.MemcpyDtoHAsync(host, (CUdeviceptr)device, bytes,
                                                      pdm_cuda_stream));
}

/* -- device memory: a caching allocator ----------------------------------- */

/* Blocks by power-of-two size class; a freed block waits in its class's list
 * for the next request of that class (stream order makes the reuse safe). */
typedef struct pdm_cuda_block {
  CUdeviceptr ptr;
  int size_class;
  int in_use;
} pdm_cuda_block;

static pdm_cuda_block *pdm_blocks;    /* open addressing by ptr */
static size_t pdm_block_capacity, pdm_block_count;

static size_t pdm_hash(CUdeviceptr p, size_t capacity) {
  return (size_t)((p >> 8) * 0x9E3779B97F4A7C15ull) & (capacity - 1);
}

static pdm_cuda_block *pdm_find_block(CUdeviceptr p) {
  if (!pdm_block_capacity)
    return NULL;
  for (size_t i = pdm_hash(p, pdm_block_capacity);; i = (i + 1) & (pdm_block_capacity - 1)) {
    if (pdm_blocks[i].ptr == p)
      return &pdm_blocks[i];
    if (!pdm_blocks[i].ptr)
      return NULL;
  }
}

static int pdm_insert_block(CUdeviceptr p, int size_class) {
  if (2 * (pdm_block_count + 1) > pdm_block_capacity) {
    size_t capacity = pdm_block_capacity ? 2 * pdm_block_capacity : 256;
    pdm_cuda_block *blocks = calloc(capacity, sizeof *blocks);
    if (!blocks)
      return -1;
    for (size_t i = 0; i < pdm_block_capacity; ++i)
      if (pdm_blocks[i].ptr) {
        size_t j = pdm_hash(pdm_blocks[i].ptr, capacity);
        while (blocks[j].ptr)
          j = (j + 1) & (capacity - 1);
        blocks[j] = pdm_blocks[i];
      }
    free(pdm_blocks);
    pdm_blocks = blocks;
    pdm_block_capacity = capacity;
  }
  size_t j = pdm_hash(p, pdm_block_capacity);
  while (pdm_blocks[j].ptr)
    j = (j + 1) & (pdm_block_capacity - 1);
  pdm_blocks[j].ptr = p;
  pdm_blocks[j].size_class = size_class;
  pdm_blocks[j].in_use = 1;
  ++pdm_block_count;
  return 0;
}

/* Free blocks per size class (a stack of pointers each). */
static CUdeviceptr *pdm_free_lists[64];
static size_t pdm_free_counts[64], pdm_free_capacity[64];

PDM_API void *mgpuMemAlloc(uint64_t bytes, CUstream stream, _Bool host_shared) {
  (void)stream;
  if (host_shared) {
    pdm_set_message("pd-lower-to-cuda: host-shared device memory is not supported");
    return NULL;
  }
  if (!pdm_cuda_usable())
    return NULL;
  int size_class = 8; /* 256 bytes at least: the driver's alignment */
  while (size_class < 63 && ((uint64_t)1 << size_class) < bytes)
    ++size_class;
  pthread_mutex_lock(&pdm_cuda_lock);
  CUdeviceptr p = 0;
  if (pdm_free_counts[size_class]) {
    p = pdm_free_lists[size_class][--pdm_free_counts[size_class]];
    pdm_find_block(p)->in_use = 1;
  }
  pthread_mutex_unlock(&pdm_cuda_lock);
  if (p)
    return (void *)p;
  CUresult r = cu.MemAlloc(&p, (size_t)1 << size_class);
  if (r != CUDA_SUCCESS) {
    pdm_set_error("cuMemAlloc", r);
    return NULL;
  }
  pthread_mutex_lock(&pdm_cuda_lock);
  int failed = pdm_insert_block(p, size_class);
  pthread_mutex_unlock(&pdm_cuda_lock);
  if (failed) {
    cu.MemFree(p);
    pdm_set_message("out of host memory for the CUDA allocator's table");
    return NULL;
  }
  return (void *)p;
}

PDM_API void mgpuMemFree(void *ptr, CUstream stream) {
  (void)stream;
  if (!ptr)
    return;
  pthread_mutex_lock(&pdm_cuda_lock);
  pdm_cuda_block *block = pdm_find_block((CUdeviceptr)ptr);
  if (block && block->in_use) {
    int c = block->size_class;
    if (pdm_free_counts[c] == pdm_free_capacity[c]) {
      size_t capacity = pdm_free_capacity[c] ? 2 * pdm_free_capacity[c] : 16;
      CUdeviceptr *list = realloc(pdm_free_lists[c], capacity * sizeof *list);
      if (!list) {
        pthread_mutex_unlock(&pdm_cuda_lock);
        return; /* the block stays allocated: a leak, not a crash */
      }
      pdm_free_lists[c] = list;
      pdm_free_capacity[c] = capacity;
    }
    block->in_use = 0;
    pdm_free_lists[c][pdm_free_counts[c]++] = block->ptr;
  }
  pthread_mutex_unlock(&pdm_cuda_lock);
}

/* A device buffer for the entry points (feeds and fetches of host arrays):
 * `slot` keeps it between runs; it grows when `bytes` does. */
PDM_API void *pdm_cuda_buffer(void **slot, size_t *slot_bytes, size_t bytes) {
  if (*slot && *slot_bytes >= bytes)
    return *slot;
  if (*slot)
    mgpuMemFree(*slot, NULL);
  *slot = mgpuMemAlloc(bytes ? bytes : 1, NULL, 0);
  *slot_bytes = *slot ? bytes : 0;
  return *slot;
}

/* -- constants (frozen weights): uploaded once ----------------------------- */

PDM_API void *pdm_cuda_constant(void **slot, const void *host, int64_t bytes) {
  if (*slot)
    return *slot;
  if (!pdm_cuda_usable())
    return NULL;
  CUdeviceptr p = 0;
  CUresult r = cu.MemAlloc(&p, bytes > 0 ? (size_t)bytes : 1);
  if (r != CUDA_SUCCESS) {
    pdm_set_error("cuMemAlloc (a constant)", r);
    return NULL;
  }
  if (bytes > 0) {
    r = cu.MemcpyHtoDAsync(p, host, (size_t)bytes, pdm_cuda_stream);
    if (r == CUDA_SUCCESS)
      r = cu.StreamSynchronize(pdm_cuda_stream); /* `host` may be read later */
    if (r != CUDA_SUCCESS) {
      pdm_set_error("uploading a constant", r);
      cu.MemFree(p);
      return NULL;
    }
  }
  *slot = (void *)p;
  return *slot;
}

/* -- MLIR's GPU runtime interface (what gpu-to-llvm's calls expect) -------- */

PDM_API CUmodule mgpuModuleLoad(const void *data, size_t size) {
  (void)size;
  /* Called from the library's constructor: failures are kept for the first
   * run to report, never fatal at load time. */
  if (!pdm_cuda_usable())
    return NULL;
  CUmodule module = NULL;
  PDM_CHECK("cuModuleLoadData (the kernels do not fit this GPU or driver)",
            cu.ModuleLoadData(&module, data));
  return module;
}

PDM_API CUmodule mgpuModuleLoadJIT(const void *data, int opt_level) {
  (void)opt_level;
  return mgpuModuleLoad(data, 0);
}

PDM_API void mgpuModuleUnload(CUmodule module) {
  if (module && pdm_cuda_ready)
    cu.ModuleUnload(module);
}

/* (module, name) -> function; names are the module's constant strings. */
typedef struct { CUmodule module; const char *name; CUfunction function; } pdm_function_entry;
static pdm_function_entry pdm_functions[1024];

PDM_API CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  if (!module) {
    if (!pdm_cuda_usable())
      return NULL;
    pdm_set_message("the program's GPU kernels were not loaded");
    return NULL;
  }
  size_t h = (((uintptr_t)module ^ (uintptr_t)name) >> 4) % 1024;
  for (size_t probe = 0; probe < 1024; ++probe) {
    pdm_function_entry *e = &pdm_functions[(h + probe) % 1024];
    if (e->module == module && e->name == name)
      return e->function;
    if (!e->module) {
      CUfunction function = NULL;
      CUresult r = cu.ModuleGetFunction(&function, module, name);
      if (r != CUDA_SUCCESS) {
        pdm_set_error("cuModuleGetFunction", r);
        return NULL;
      }
      e->module = module;
      e->name = name;
      e->function = function;
      return function;
    }
  }
  CUfunction function = NULL;
  PDM_CHECK("cuModuleGetFunction", cu.ModuleGetFunction(&function, module, name));
  return function;
}

PDM_API void mgpuLaunchKernel(CUfunction function, intptr_t gx, intptr_t gy, intptr_t gz,
                              intptr_t bx, intptr_t by, intptr_t bz, int32_t smem,
                              CUstream stream, void **params, void **extra, size_t count) {
  (void)stream;
  (void)count;
  if (!function || pdm_cuda_failed)
    return;
  if (gx <= 0 || gy <= 0 || gz <= 0 || gx > 0x7fffffff || gy > 65535 || gz > 65535) {
    pdm_set_message("a kernel's grid is out of CUDA's range");
    return;
  }
  PDM_CHECK("cuLaunchKernel", cu.LaunchKernel(function, (unsigned)gx, (unsigned)gy,
                                              (unsigned)gz, (unsigned)bx, (unsigned)by,
                                              (unsigned)bz, (unsigned)smem, pdm_cuda_stream,
                                              params, extra));
}

PDM_API CUstream mgpuStreamCreate(void) {
  return pdm_cuda_usable() ? pdm_cuda_stream : NULL;
}

PDM_API void mgpuStreamDestroy(CUstream stream) { (void)stream; }

PDM_API void mgpuStreamSynchronize(CUstream stream) {
  (void)stream;
  if (pdm_cuda_ready && !pdm_cuda_failed)
    PDM_CHECK("cuStreamSynchronize (a kernel failed)", cu.StreamSynchronize(pdm_cuda_stream));
}

PDM_API void mgpuMemcpy(void *dst, void *src, size_t bytes, CUstream stream) {
  (void)stream;
  if (bytes && pdm_cuda_usable())
    PDM_CHECK("cuMemcpyAsync", cu.MemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, bytes,
                                              pdm_cuda_stream));
}

PDM_API void mgpuMemset32(void *dst, unsigned value, size_t count, CUstream stream) {
  (void)stream;
  if (count && pdm_cuda_usable())
    PDM_CHECK("cuMemsetD32Async", cu.MemsetD32Async((CUdeviceptr)dst, value, count,
                                                    pdm_cuda_stream));
}

PDM_API void mgpuMemset16(void *dst, unsigned short value, size_t count, CUstream stream) {
  (void)stream;
  if (count && pdm_cuda_usable())
    PDM_CHECK("cuMemsetD16Async", cu.MemsetD16Async((CUdeviceptr)dst, value, count,
                                                    pdm_cuda_stream));
}

PDM_API void mgpuSetDefaultDevice(int32_t device) {
  if (device != 0)
    pdm_set_message("paddle-mlir's CUDA runtime uses device 0 only");
}

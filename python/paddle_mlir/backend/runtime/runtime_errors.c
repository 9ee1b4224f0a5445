/* The error channel of compiled programs:
 *
 *   void    pdm_runtime_error(int64_t site, int64_t value, int64_t bound);
 *   int64_t pdm_take_runtime_error(int64_t *value, int64_t *bound);
 *
 * A run-time check emitted by the lowering (convert-pd-to-linalg's
 * RuntimeChecks.cpp: an index out of range of a gather, an embedding or a
 * scatter) calls pdm_runtime_error with its site (an index into the
 * module's `pd.runtime_checks` messages), the bad value and the bound, then
 * goes on with a valid value, so that nothing is read or written out of
 * bounds. The first report of a run is kept (reports may come from the
 * threads of a parallel loop); the caller takes it after the run:
 * pdm_take_runtime_error returns its site (or -1 when there was none) and
 * clears it.
 *
 * Compiled into each AOT library that has checks (hidden symbols: one
 * channel per library) and into the runtime shared library of the JIT.
 * Runs of one library from several threads at once share the channel. */
#include <stdatomic.h>
#include <stdint.h>

#ifndef PDM_API
#ifdef PDM_HIDDEN /* compiled into an AOT library: its own copy, not exported */
#define PDM_API __attribute__((visibility("hidden")))
#else
#define PDM_API __attribute__((visibility("default")))
#endif
#endif

static _Atomic int64_t pdm_error_site = -1;
static int64_t pdm_error_value, pdm_error_bound;

PDM_API void pdm_runtime_error(int64_t site, int64_t value, int64_t bound) {
  int64_t none = -1;
  if (atomic_compare_exchange_strong(&pdm_error_site, &none, site)) {
    pdm_error_value = value;
    pdm_error_bound = bound;
  }
}

PDM_API int64_t pdm_take_runtime_error(int64_t *value, int64_t *bound) {
  int64_t site = atomic_load(&pdm_error_site);
  if (site >= 0) {
    if (value)
      *value = pdm_error_value;
    if (bound)
      *bound = pdm_error_bound;
    atomic_store(&pdm_error_site, -1);
  }
  return site;
}

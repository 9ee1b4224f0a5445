//===- KernelRegistry.cpp - PHI kernels by (name, backend, layout, dtype) -===//

#include "Dialect/Phi/KernelRegistry.h"

using namespace mlir;
using namespace mlir::phi;

KernelRegistry &KernelRegistry::global() {
  static KernelRegistry registry;
  return registry;
}

void KernelRegistry::add(StringRef kernel, KernelKey key) {
  std::lock_guard<std::mutex> lock(mutex);
  entries.insert({kernel.str(), (uint32_t)key.backend, (uint32_t)key.layout,
                  (uint32_t)key.dtype});
}

bool KernelRegistry::contains(StringRef kernel, KernelKey key) const {
  std::lock_guard<std::mutex> lock(mutex);
  return entries.count({kernel.str(), (uint32_t)key.backend,
                        (uint32_t)key.layout, (uint32_t)key.dtype});
}

std::optional<KernelKey> KernelRegistry::lookup(StringRef kernel,
                                                KernelKey key) const {
  using pd::Backend;
  using pd::DataLayout;
  using pd::DataType;
  for (Backend b : {key.backend, Backend::ALL_BACKEND})
    for (DataType d : {key.dtype, DataType::ALL_DTYPE})
      for (DataLayout l : {key.layout, DataLayout::ANY}) {
        KernelKey candidate{b, l, d};
        if (contains(kernel, candidate))
          return candidate;
      }
  return std::nullopt;
}

size_t KernelRegistry::size() const {
  std::lock_guard<std::mutex> lock(mutex);
  return entries.size();
}

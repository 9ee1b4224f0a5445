//===- KernelRegistry.h - PHI kernels by (name, backend, layout, dtype) ---===//
//
// PHI registers each kernel under a key; `pd-select-kernels` looks ops up
// here with PHI's fallbacks (ANY layout, ALL_DTYPE, ALL_BACKEND). The CPU
// backend registers every op it can lower; C++ and Python (through the C
// API) can add more.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_DIALECT_PHI_KERNELREGISTRY_H
#define PADDLE_MLIR_DIALECT_PHI_KERNELREGISTRY_H

#include "Dialect/Pd/PdDialect.h"

#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace mlir::phi {

struct KernelKey {
  pd::Backend backend;
  pd::DataLayout layout;
  pd::DataType dtype;
};

class KernelRegistry {
public:
  static KernelRegistry &global();

  void add(llvm::StringRef kernel, KernelKey key);
  bool contains(llvm::StringRef kernel, KernelKey key) const;
  /// The registered key serving (kernel, key): exact, then ANY layout, then
  /// ALL_DTYPE, then ALL_BACKEND.
  std::optional<KernelKey> lookup(llvm::StringRef kernel, KernelKey key) const;
  size_t size() const;

private:
  using Entry = std::tuple<std::string, uint32_t, uint32_t, uint32_t>;
  mutable std::mutex mutex;
  std::set<Entry> entries;
};

} // namespace mlir::phi

#endif // PADDLE_MLIR_DIALECT_PHI_KERNELREGISTRY_H

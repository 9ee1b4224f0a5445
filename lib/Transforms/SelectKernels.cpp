//===- SelectKernels.cpp - PHI kernel selection (pd-select-kernels) -------===//

#include "Transforms/Passes.h"

#include "Conversion/PdToLinalg/Lowering.h"
#include "Dialect/Phi/KernelRegistry.h"
#include "Dialect/Phi/PhiDialect.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDSELECTKERNELS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// The CPU backend provides a kernel (any layout, any dtype: the lowering
/// reports unsupported dtypes itself) for every op it can lower.
void registerCPUKernels(MLIRContext *ctx) {
  static std::once_flag once;
  std::call_once(once, [ctx] {
    for (RegisteredOperationName name : ctx->getRegisteredOperations()) {
      if (!lowering::hasLowering(name.getStringRef()))
        continue;
      if (auto *spec = name.getInterface<OpSpecInterface>())
        if (!spec->getKernelName().empty())
          phi::KernelRegistry::global().add(
              spec->getKernelName(),
              phi::KernelKey{Backend::CPU, pd::DataLayout::ANY, DataType::ALL_DTYPE});
    }
  });
}

/// The dtype that keys `op`'s kernel (the spec's kernel.data_type).
std::optional<DataType> kernelDataType(OpSpecInterface spec) {
  Operation *op = spec.getOperation();
  auto dtypeOf = [](Value v) -> std::optional<DataType> {
    if (auto t = dyn_cast<BaseTensorType>(v.getType()))
      return dataTypeFromElementType(t.getElementType());
    if (auto vec = dyn_cast<VecType>(v.getType()))
      if (!vec.getElementTypes().empty())
        if (auto t = dyn_cast<BaseTensorType>(vec.getElementTypes().front()))
          return dataTypeFromElementType(t.getElementType());
    return std::nullopt;
  };
  int operand = spec.getKernelDataTypeOperand();
  if (operand >= 0 && operand < (int)op->getNumOperands())
    return dtypeOf(op->getOperand(operand));
  StringRef attrName = spec.getKernelDataTypeAttrName();
  if (!attrName.empty())
    if (auto attr = dyn_cast_or_null<DataTypeAttr>(op->getAttr(attrName)))
      if (attr.getValue() != DataType::ALL_DTYPE)
        return attr.getValue();
  for (Value v : op->getOperands())
    if (auto d = dtypeOf(v))
      return d;
  for (Value v : op->getResults())
    if (auto d = dtypeOf(v))
      return d;
  return std::nullopt;
}

struct PdSelectKernelsPass
    : public pd::impl::PdSelectKernelsBase<PdSelectKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    registerCPUKernels(ctx);
    std::optional<Backend> target = symbolizeBackend(backend);
    if (!target) {
      getOperation()->emitError() << "pd-select-kernels: unknown backend '"
                                  << backend << "'";
      return signalPassFailure();
    }
    bool failed = false;
    getOperation()->walk([&](OpSpecInterface spec) {
      Operation *op = spec.getOperation();
      StringRef kernel = spec.getKernelName();
      if (kernel.empty())
        return;
      pd::DataLayout layout = pd::DataLayout::ANY;
      if (auto format = dyn_cast_or_null<StringAttr>(op->getAttr("data_format")))
        if (auto l = symbolizeDataLayout(format.getValue()))
          layout = *l;
      DataType dtype = kernelDataType(spec).value_or(DataType::ALL_DTYPE);
      phi::KernelKey wanted{*target, layout, dtype};
      std::optional<phi::KernelKey> found =
          phi::KernelRegistry::global().lookup(kernel, wanted);
      if (!found) {
        op->emitOpError() << "has no PHI kernel '" << kernel << "' for key "
                          << phi::KernelKeyAttr::get(ctx, wanted.backend,
                                                     wanted.layout, wanted.dtype)
                          << " (also tried the ANY layout, all_dtype and "
                             "ALL_BACKEND fallbacks)";
        failed = true;
        return;
      }
      op->setAttr("phi.kernel_key",
                  phi::KernelKeyAttr::get(ctx, found->backend, found->layout,
                                          found->dtype));
      op->setAttr("phi.kernel_name", StringAttr::get(ctx, kernel));
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace

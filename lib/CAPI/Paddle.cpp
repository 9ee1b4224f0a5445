//===- Paddle.cpp - C API of paddle-mlir ----------------------------------===//

#include "CAPI/Paddle.h"
#include "Conversion/PdToLinalg/Lowering.h"
#include "Dialect/Phi/KernelRegistry.h"

#include "Dialect/Pd/PdDialect.h"
#include "Registration.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;

void paddleMlirRegisterDialects(MlirDialectRegistry registry) {
  paddle::registerAllDialects(*unwrap(registry));
}

void paddleMlirRegisterPasses(void) { paddle::registerAllPasses(); }

static std::optional<phi::KernelKey> parseKernelKey(const char *backend,
                                                    const char *layout,
                                                    const char *dtype) {
  auto b = pd::symbolizeBackend(backend);
  auto l = pd::symbolizeDataLayout(layout);
  auto d = pd::symbolizeDataType(dtype);
  if (!b || !l || !d)
    return std::nullopt;
  return phi::KernelKey{*b, *l, *d};
}

bool paddleMlirRegisterKernel(const char *kernel, const char *backend,
                              const char *layout, const char *dtype) {
  std::optional<phi::KernelKey> key = parseKernelKey(backend, layout, dtype);
  if (!key)
    return false;
  phi::KernelRegistry::global().add(kernel, *key);
  return true;
}

bool paddleMlirHasKernel(const char *kernel, const char *backend,
                         const char *layout, const char *dtype) {
  std::optional<phi::KernelKey> key = parseKernelKey(backend, layout, dtype);
  return key && phi::KernelRegistry::global().contains(kernel, *key);
}

bool paddleMlirHasCpuLowering(const char *opName) {
  return mlir::pd::lowering::hasLowering(opName);
}

MlirType pdTensorTypeGetChecked(MlirLocation loc, intptr_t rank,
                                const int64_t *shape, MlirType elementType,
                                bool valueSemantics) {
  Location location = unwrap(loc);
  ArrayRef<int64_t> dims(shape, rank);
  auto emitError = [&] { return mlir::emitError(location); };
  if (valueSemantics)
    return wrap(pd::VTensorType::getChecked(emitError, location.getContext(),
                                            dims, unwrap(elementType)));
  return wrap(pd::TensorType::getChecked(emitError, location.getContext(), dims,
                                         unwrap(elementType)));
}

bool pdTypeIsATensor(MlirType type) {
  return isa<pd::TensorType>(unwrap(type));
}

bool pdTypeIsAVTensor(MlirType type) {
  return isa<pd::VTensorType>(unwrap(type));
}

MlirTypeID pdTensorTypeGetTypeID(void) {
  return wrap(pd::TensorType::getTypeID());
}

MlirTypeID pdVTensorTypeGetTypeID(void) {
  return wrap(pd::VTensorType::getTypeID());
}

MlirType pdTensorTypeWithValueSemantics(MlirType type, bool value) {
  auto tensor = cast<pd::BaseTensorType>(unwrap(type));
  return wrap(value ? tensor.getWithValueSemantics()
                    : tensor.getWithoutValueSemantics());
}

MlirType pdVecTypeGetChecked(MlirLocation loc, intptr_t n,
                             const MlirType *elementTypes) {
  Location location = unwrap(loc);
  SmallVector<Type> types;
  for (intptr_t i = 0; i < n; ++i)
    types.push_back(unwrap(elementTypes[i]));
  return wrap(pd::VecType::getChecked(
      [&] { return mlir::emitError(location); }, location.getContext(),
      ArrayRef<Type>(types)));
}

bool pdTypeIsAVec(MlirType type) { return isa<pd::VecType>(unwrap(type)); }

intptr_t pdVecTypeGetNumElements(MlirType type) {
  return cast<pd::VecType>(unwrap(type)).getElementTypes().size();
}

MlirType pdVecTypeGetElement(MlirType type, intptr_t pos) {
  return wrap(cast<pd::VecType>(unwrap(type)).getElementTypes()[pos]);
}

MlirTypeID pdVecTypeGetTypeID(void) { return wrap(pd::VecType::getTypeID()); }

uint64_t paddleMlirStructuralHash(MlirOperation root) {
  llvm::hash_code hash = llvm::hash_value(0);
  unwrap(root)->walk([&](Operation *op) {
    hash = llvm::hash_combine(hash, op->getName().getAsOpaquePointer(),
                              op->getRawDictionaryAttrs().getAsOpaquePointer(),
                              op->getNumRegions());
    if (op->getPropertiesStorageSize())
      hash = llvm::hash_combine(hash, op->hashProperties());
    for (Value v : op->getOperands())
      hash = llvm::hash_combine(hash, v.getAsOpaquePointer());
    for (OpResult r : op->getResults())
      hash = llvm::hash_combine(hash, r.getAsOpaquePointer(),
                                r.getType().getAsOpaquePointer());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          hash = llvm::hash_combine(hash, arg.getAsOpaquePointer(),
                                    arg.getType().getAsOpaquePointer());
  });
  return static_cast<uint64_t>(hash);
}

MlirStringRef paddleMlirResourceElementsData(MlirAttribute attr) {
  auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(unwrap(attr));
  if (!resource)
    return mlirStringRefCreate(nullptr, 0);
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return mlirStringRefCreate(nullptr, 0);
  ArrayRef<char> data = blob->getData();
  return mlirStringRefCreate(data.data(), data.size());
}

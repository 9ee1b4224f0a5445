//===- PhiDialect.cpp - phi dialect, #phi.kernel_key, phi.kernel ----------===//

#include "Dialect/Phi/PhiDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::phi;

#include "phi/PhiDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "phi/PhiAttributes.cpp.inc"

#define GET_OP_CLASSES
#include "phi/PhiOps.cpp.inc"

void PhiDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "phi/PhiOps.cpp.inc"
      >();
}

void PhiDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "phi/PhiAttributes.cpp.inc"
      >();
}

LogicalResult KernelOp::verify() {
  if (getKernelName().empty())
    return emitOpError() << "kernel_name must not be empty";
  StringRef opName = getOpName();
  std::optional<RegisteredOperationName> registered =
      RegisteredOperationName::lookup(opName, getContext());
  if (!registered)
    return emitOpError() << "op_name '" << opName
                         << "' is not a registered operation";
  if (registered->getDialectNamespace() != pd::PdDialect::getDialectNamespace())
    return emitOpError() << "op_name '" << opName
                         << "' is not an op of the pd dialect";
  return success();
}

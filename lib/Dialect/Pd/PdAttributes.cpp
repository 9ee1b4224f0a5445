//===- PdAttributes.cpp - #pd.place and the enum attributes ---------------===//

#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pd;

#define GET_ATTRDEF_CLASSES
#include "pd/PdAttributes.cpp.inc"

void PdDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pd/PdAttributes.cpp.inc"
      >();
}

LogicalResult PlaceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                Backend backend, int64_t deviceId) {
  if (deviceId < 0)
    return emitError() << "place device id must be non-negative, got "
                       << deviceId;
  if (backend == Backend::ALL_BACKEND)
    return emitError() << "a place needs a concrete backend, not ALL_BACKEND";
  return success();
}

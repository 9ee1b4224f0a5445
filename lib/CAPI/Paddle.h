/*===- Paddle.h - C API of paddle-mlir ----------------------------*- C -*-===*\
|*                                                                            *|
|* A small C API over the pd/phi dialects, used by the Python extension so   *|
|* that it needs no MLIR C++ headers (and can keep RTTI/exceptions for       *|
|* pybind11 while MLIR itself is built without them).                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef PADDLE_MLIR_C_PADDLE_H
#define PADDLE_MLIR_C_PADDLE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Adds the pd and phi dialects to a registry.
MLIR_CAPI_EXPORTED void paddleMlirRegisterDialects(MlirDialectRegistry registry);

/// Registers paddle-mlir's passes with the global pass registry, once.
MLIR_CAPI_EXPORTED void paddleMlirRegisterPasses(void);

/// Adds a PHI kernel to the registry pd-select-kernels uses. `backend`,
/// `layout` and `dtype` are the enum spellings (CPU, ANY, float32,
/// ALL_BACKEND, all_dtype, ...). Returns false if one is unknown.
MLIR_CAPI_EXPORTED bool paddleMlirRegisterKernel(const char *kernel,
                                                 const char *backend,
                                                 const char *layout,
                                                 const char *dtype);
/// Whether exactly that key is registered.
MLIR_CAPI_EXPORTED bool paddleMlirHasKernel(const char *kernel,
                                            const char *backend,
                                            const char *layout,
                                            const char *dtype);

/// Whether convert-pd-to-linalg (the CPU backend) lowers the op named
/// `opName` ("pd.relu").
MLIR_CAPI_EXPORTED bool paddleMlirHasCpuLowering(const char *opName);

/// !pd.tensor / !pd.vtensor. `shape` uses MLIR's dynamic marker
/// (mlirShapedTypeGetDynamicSize()). Returns a null type and emits a
/// diagnostic at `loc` when the shape or element type is invalid.
MLIR_CAPI_EXPORTED MlirType pdTensorTypeGetChecked(MlirLocation loc,
                                                   intptr_t rank,
                                                   const int64_t *shape,
                                                   MlirType elementType,
                                                   bool valueSemantics);
MLIR_CAPI_EXPORTED bool pdTypeIsATensor(MlirType type);
MLIR_CAPI_EXPORTED bool pdTypeIsAVTensor(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID pdTensorTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirTypeID pdVTensorTypeGetTypeID(void);
/// The same shape and dtype with the other aliasing kind.
MLIR_CAPI_EXPORTED MlirType pdTensorTypeWithValueSemantics(MlirType type,
                                                           bool value);

/// !pd.vec<...>: a list of pd tensor types.
MLIR_CAPI_EXPORTED MlirType pdVecTypeGetChecked(MlirLocation loc, intptr_t n,
                                                const MlirType *elementTypes);
MLIR_CAPI_EXPORTED bool pdTypeIsAVec(MlirType type);
MLIR_CAPI_EXPORTED intptr_t pdVecTypeGetNumElements(MlirType type);
MLIR_CAPI_EXPORTED MlirType pdVecTypeGetElement(MlirType type, intptr_t pos);
MLIR_CAPI_EXPORTED MlirTypeID pdVecTypeGetTypeID(void);

/// A hash of `op` and everything nested in it: op names, attribute
/// dictionaries, result types and which values each op uses (by identity).
/// Cheap (pointers of uniqued objects, no printing): the Executor checks with
/// it that a program has not changed since it was compiled.
MLIR_CAPI_EXPORTED uint64_t paddleMlirStructuralHash(MlirOperation op);

/// The raw bytes of a `dense_resource` elements attribute's blob (null and 0
/// when `attr` is not one or its blob is not loaded). The bytes belong to the
/// context's resource manager.
MLIR_CAPI_EXPORTED MlirStringRef paddleMlirResourceElementsData(MlirAttribute attr);

/// Translates an LLVM-dialect `module` (a builtin.module) to LLVM bitcode in
/// this process, unoptimized, as `mlir-translate --mlir-to-llvmir` would
/// (opt and llc run on it apart). On success `writeBitcode` receives the
/// bitcode once; on failure `writeError` receives the diagnostics (located,
/// one per line) and false is returned. Never aborts on a module that does
/// not translate (upstream's mlirTranslateModuleToLLVMIRToString does).
MLIR_CAPI_EXPORTED bool paddleMlirTranslateToLLVMBitcode(MlirOperation module,
                                                         MlirStringCallback writeBitcode,
                                                         MlirStringCallback writeError,
                                                         void *userData);

#ifdef __cplusplus
}
#endif

#endif // PADDLE_MLIR_C_PADDLE_H

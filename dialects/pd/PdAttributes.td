//===- PdAttributes.td - pd enums and attributes -------------*- tablegen -*-===//
//
// PHI's DataType, DataLayout and Backend enums (seed design_cn.md, phi/common)
// and the Place attribute. The C++ enumerators keep PHI's spelling; the text
// form of DataType uses Paddle's lower-case dtype names (`float32`) as Paddle's
// own PIR printer does.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_PD_ATTRIBUTES_TD
#define PADDLE_MLIR_PD_ATTRIBUTES_TD

include "pd/PdDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Pd_DataType : I32EnumAttr<"DataType", "phi::DataType", [
    I32EnumAttrCase<"ALL_DTYPE", 0, "all_dtype">,
    I32EnumAttrCase<"BOOL", 1, "bool">,
    I32EnumAttrCase<"UINT8", 2, "uint8">,
    I32EnumAttrCase<"INT8", 3, "int8">,
    I32EnumAttrCase<"UINT16", 4, "uint16">,
    I32EnumAttrCase<"INT16", 5, "int16">,
    I32EnumAttrCase<"UINT32", 6, "uint32">,
    I32EnumAttrCase<"INT32", 7, "int32">,
    I32EnumAttrCase<"UINT64", 8, "uint64">,
    I32EnumAttrCase<"INT64", 9, "int64">,
    I32EnumAttrCase<"FLOAT32", 10, "float32">,
    I32EnumAttrCase<"FLOAT64", 11, "float64">,
    I32EnumAttrCase<"COMPLEX64", 12, "complex64">,
    I32EnumAttrCase<"COMPLEX128", 13, "complex128">,
    I32EnumAttrCase<"PSTRING", 14, "pstring">,
    I32EnumAttrCase<"FLOAT16", 15, "float16">,
    I32EnumAttrCase<"BFLOAT16", 16, "bfloat16">,
    I32EnumAttrCase<"FLOAT8_E4M3FN", 17, "float8_e4m3fn">,
    I32EnumAttrCase<"FLOAT8_E5M2", 18, "float8_e5m2">
  ]> {
  let cppNamespace = "::mlir::pd";
  let genSpecializedAttr = 0;
}

def Pd_DataLayout : I32EnumAttr<"DataLayout", "phi::DataLayout", [
    // PHI: ANY == ALL_LAYOUT == UNDEFINED, "any layout will do".
    I32EnumAttrCase<"ANY", 0>,
    I32EnumAttrCase<"NHWC", 1>,
    I32EnumAttrCase<"NCHW", 2>,
    I32EnumAttrCase<"NCDHW", 3>,
    I32EnumAttrCase<"NDHWC", 4>,
    I32EnumAttrCase<"ONEDNN", 5>,
    I32EnumAttrCase<"SPARSE_COO", 6>,
    I32EnumAttrCase<"SPARSE_CSR", 7>,
    I32EnumAttrCase<"PSTRING_UNION", 8>,
    I32EnumAttrCase<"STRIDED", 9>
  ]> {
  let cppNamespace = "::mlir::pd";
  let genSpecializedAttr = 0;
}

def Pd_Backend : I32EnumAttr<"Backend", "phi::Backend (and the place kind)", [
    // PHI: ALL_BACKEND == UNDEFINED, "a kernel for any backend".
    I32EnumAttrCase<"ALL_BACKEND", 0>,
    I32EnumAttrCase<"CPU", 1>,
    I32EnumAttrCase<"GPU", 2>,
    I32EnumAttrCase<"XPU", 3>,
    I32EnumAttrCase<"ONEDNN", 4>,
    I32EnumAttrCase<"GPUDNN", 5>,
    I32EnumAttrCase<"KPS", 6>,
    I32EnumAttrCase<"IPU", 7>,
    I32EnumAttrCase<"CUSTOM", 8>
  ]> {
  let cppNamespace = "::mlir::pd";
  let genSpecializedAttr = 0;
}

// `#pd.dtype<float32>`, `#pd.layout<NCHW>`, `#pd.backend<CPU>`.
class Pd_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<Pd_Dialect, info, name> {
  let assemblyFormat = "`<` $value `>`";
}
def Pd_DataTypeAttr : Pd_EnumAttr<Pd_DataType, "dtype">;
def Pd_DataLayoutAttr : Pd_EnumAttr<Pd_DataLayout, "layout">;
def Pd_BackendAttr : Pd_EnumAttr<Pd_Backend, "backend">;

def Pd_PlaceAttr : AttrDef<Pd_Dialect, "Place"> {
  let mnemonic = "place";
  let summary = "where a tensor lives: a backend and a device id";
  let description = [{
    `#pd.place<CPU>`, `#pd.place<GPU, 1>`: Paddle's `Place(cpu)` /
    `Place(gpu:1)`. The device id defaults to 0 and is printed otherwise.
  }];
  let parameters = (ins
    EnumParameter<Pd_Backend>:$backend,
    DefaultValuedParameter<"int64_t", "0">:$device_id
  );
  let assemblyFormat = "`<` $backend (`,` $device_id^)? `>`";
  let genVerifyDecl = 1;
}

// Paddle's Scalar: a number of any dtype (bool, integer or floating point).
def Pd_ScalarAttr : AnyAttrOf<[BoolAttr, I64Attr, F64Attr]>;
// Paddle's Scalar[] (assign_value's values).
def Pd_ScalarArrayAttr : TypedArrayAttrBase<Pd_ScalarAttr, "array of Paddle Scalars">;

#endif // PADDLE_MLIR_PD_ATTRIBUTES_TD

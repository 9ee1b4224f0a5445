// Round trip of the pd enum attributes (every case) and #pd.place.
// (Attribute dictionaries print sorted by name.)
// RUN: paddle-opt %s | paddle-opt | FileCheck %s

// CHECK: pd.backends = [#pd.backend<ALL_BACKEND>, #pd.backend<CPU>, #pd.backend<GPU>, #pd.backend<XPU>, #pd.backend<ONEDNN>, #pd.backend<GPUDNN>, #pd.backend<KPS>, #pd.backend<IPU>, #pd.backend<CUSTOM>]
// CHECK-SAME: pd.dtypes = [#pd.dtype<all_dtype>, #pd.dtype<bool>, #pd.dtype<uint8>, #pd.dtype<int8>, #pd.dtype<uint16>, #pd.dtype<int16>, #pd.dtype<uint32>, #pd.dtype<int32>, #pd.dtype<uint64>, #pd.dtype<int64>, #pd.dtype<float32>, #pd.dtype<float64>, #pd.dtype<complex64>, #pd.dtype<complex128>, #pd.dtype<pstring>, #pd.dtype<float16>, #pd.dtype<bfloat16>, #pd.dtype<float8_e4m3fn>, #pd.dtype<float8_e5m2>]
// CHECK-SAME: pd.layouts = [#pd.layout<ANY>, #pd.layout<NHWC>, #pd.layout<NCHW>, #pd.layout<NCDHW>, #pd.layout<NDHWC>, #pd.layout<ONEDNN>, #pd.layout<SPARSE_COO>, #pd.layout<SPARSE_CSR>, #pd.layout<PSTRING_UNION>, #pd.layout<STRIDED>]
// CHECK-SAME: pd.places = [#pd.place<CPU>, #pd.place<GPU>, #pd.place<GPU, 3>, #pd.place<XPU, 1>, #pd.place<CUSTOM>]
module attributes {
  pd.dtypes = [#pd.dtype<all_dtype>, #pd.dtype<bool>, #pd.dtype<uint8>,
               #pd.dtype<int8>, #pd.dtype<uint16>, #pd.dtype<int16>,
               #pd.dtype<uint32>, #pd.dtype<int32>, #pd.dtype<uint64>,
               #pd.dtype<int64>, #pd.dtype<float32>, #pd.dtype<float64>,
               #pd.dtype<complex64>, #pd.dtype<complex128>, #pd.dtype<pstring>,
               #pd.dtype<float16>, #pd.dtype<bfloat16>,
               #pd.dtype<float8_e4m3fn>, #pd.dtype<float8_e5m2>],
  pd.layouts = [#pd.layout<ANY>, #pd.layout<NHWC>, #pd.layout<NCHW>,
                #pd.layout<NCDHW>, #pd.layout<NDHWC>, #pd.layout<ONEDNN>,
                #pd.layout<SPARSE_COO>, #pd.layout<SPARSE_CSR>,
                #pd.layout<PSTRING_UNION>, #pd.layout<STRIDED>],
  pd.backends = [#pd.backend<ALL_BACKEND>, #pd.backend<CPU>, #pd.backend<GPU>,
                 #pd.backend<XPU>, #pd.backend<ONEDNN>, #pd.backend<GPUDNN>,
                 #pd.backend<KPS>, #pd.backend<IPU>, #pd.backend<CUSTOM>],
  // The device id 0 is the default and is not printed.
  pd.places = [#pd.place<CPU>, #pd.place<GPU, 0>, #pd.place<GPU, 3>,
               #pd.place<XPU, 1>, #pd.place<CUSTOM>]
} {
}

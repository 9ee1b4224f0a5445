// Every diagnostic of the phi dialect.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

func.func @empty_kernel_name(%x: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'phi.kernel' op kernel_name must not be empty}}
  %0 = phi.kernel "" <CPU, NCHW, float32> (%x) from "pd.fetch" : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @unknown_op(%x: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'phi.kernel' op op_name 'pd.no_such_op' is not a registered operation}}
  %0 = phi.kernel "relu" <CPU, NCHW, float32> (%x) from "pd.no_such_op" : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @not_a_pd_op(%x: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'phi.kernel' op op_name 'func.return' is not an op of the pd dialect}}
  %0 = phi.kernel "relu" <CPU, NCHW, float32> (%x) from "func.return" : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @bad_key(%x: !pd.vtensor<2xf32>) {
  // expected-error @+2 {{custom op 'phi.kernel' failed to parse Phi_KernelKeyAttr parameter 'backend'}}
  // expected-error @+1 {{expected ::mlir::pd::Backend to be one of: ALL_BACKEND, CPU, GPU}}
  %0 = phi.kernel "relu" <TPU, NCHW, float32> (%x) from "pd.fetch" : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

// expected-error @+2 {{failed to parse Phi_KernelKeyAttr parameter 'layout'}}
// expected-error @+1 {{expected ::mlir::pd::DataLayout to be one of: ANY, NHWC, NCHW}}
func.func private @bad_layout() attributes {k = #phi.kernel_key<CPU, NWHC, float32>}

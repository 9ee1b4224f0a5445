// Creation ops the CPU lowering rejects, with the reason.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg -verify-diagnostics

func.func @uniform_runtime_shape() {
  %s = pd.data "s" : !pd.vtensor<2xi64>
  %min = pd.full(-1.0) : !pd.vtensor<1xf32>
  %max = pd.full(1.0) : !pd.vtensor<1xf32>
  // expected-error @+1 {{'pd.uniform' op `shape` must be known at compile time}}
  %u = pd.uniform %s, %min, %max {dtype = #pd.dtype<float32>, seed = 0 : i32} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %u "u" col 0 : !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @eye_runtime_rows() {
  %r = pd.data "r" : !pd.vtensor<1xi64>
  %c = pd.full(4) : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.eye' op lowering needs static shapes here}}
  %e = pd.eye %r, %c : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x4xf32>
  %f = pd.fetch %e "e" col 0 : !pd.vtensor<?x4xf32>
  return
}

// -----

func.func @empty_runtime_shape() {
  %s = pd.data "s" : !pd.vtensor<2xi64>
  // expected-error @+1 {{'pd.empty' op `shape` must be known at compile time}}
  %e = pd.empty %s : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %e "e" col 0 : !pd.vtensor<?x?xf32>
  return
}

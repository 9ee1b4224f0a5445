// RUN: paddle-opt %s -split-input-file -pd-verify-program -verify-diagnostics | FileCheck %s
// RUN: not paddle-opt %s -split-input-file -pass-pipeline='builtin.module(pd-verify-program{require-fetch=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REQUIRE
// Running the pass twice changes nothing on a valid program.
// RUN: paddle-opt %s -split-input-file -pd-verify-program -verify-diagnostics | paddle-opt -split-input-file -pd-verify-program | FileCheck %s

// A valid program is left unchanged: feeds, fetches in col order (any op
// order), one parameter read and written with the same type, several
// functions sharing the parameter table, each with its own feeds.

// CHECK-LABEL: func.func @main
// CHECK-NEXT: pd.data "x"
// CHECK-NEXT: pd.get_parameter "w"
// CHECK-NEXT: pd.fetch %{{.*}} "b" col 1
// CHECK-NEXT: pd.fetch %{{.*}} "a" col 0
// CHECK-NEXT: pd.set_parameter %{{.*}} "w"
func.func @main() {
  %x = pd.data "x" : !pd.tensor<?x4xf32>
  %w = pd.get_parameter "w" : !pd.tensor<4xf32>
  %b = pd.fetch %w "b" col 1 : !pd.tensor<4xf32>
  %a = pd.fetch %x "a" col 0 : !pd.tensor<?x4xf32>
  pd.set_parameter %w "w" : !pd.tensor<4xf32>
  return
}
// CHECK-LABEL: func.func @startup
func.func @startup() {
  %x = pd.data "x" : !pd.tensor<?x4xf32>
  // A parameter may be seen as a value tensor: only shape and dtype count.
  %w = pd.full(0.5) : !pd.vtensor<4xf32>
  %wt = pd.to_tensor %w : !pd.vtensor<4xf32>
  pd.set_parameter %wt "w" : !pd.tensor<4xf32>
  %f = pd.fetch %x "x" col 0 : !pd.tensor<?x4xf32>
  return
}

// -----

func.func @duplicate_feed() {
  // expected-note @+1 {{first declared here}}
  %x = pd.data "x" : !pd.tensor<4xf32>
  // expected-error @+1 {{feed 'x' is declared twice}}
  %y = pd.data "x" : !pd.tensor<4xf32>
  return
}

// -----

func.func @duplicate_fetch_name(%x: !pd.tensor<4xf32>) {
  // expected-note @+1 {{first used here}}
  %a = pd.fetch %x "out" col 0 : !pd.tensor<4xf32>
  // expected-error @+1 {{fetch name 'out' is used twice}}
  %b = pd.fetch %x "out" col 1 : !pd.tensor<4xf32>
  return
}

// -----

func.func @duplicate_fetch_col(%x: !pd.tensor<4xf32>) {
  %a = pd.fetch %x "a" col 0 : !pd.tensor<4xf32>
  // expected-error @+1 {{fetch col 0 is already taken by fetch 'a'}}
  %b = pd.fetch %x "b" col 0 : !pd.tensor<4xf32>
  return
}

// -----

// expected-error @+1 {{fetch cols must be 0..1 but col 0 is missing}}
func.func @fetch_col_gap(%x: !pd.tensor<4xf32>) {
  %a = pd.fetch %x "a" col 1 : !pd.tensor<4xf32>
  %b = pd.fetch %x "b" col 2 : !pd.tensor<4xf32>
  return
}

// -----

// The largest col (a key DenseMap reserves, which used to assert; found by
// tools/fuzz/fuzz_ir.py).
// expected-error @+1 {{fetch cols must be 0..1 but col 1 is missing}}
func.func @fetch_col_extremes(%x: !pd.tensor<4xf32>) {
  %a = pd.fetch %x "a" col 2147483647 : !pd.tensor<4xf32>
  %b = pd.fetch %x "b" col 0 : !pd.tensor<4xf32>
  return
}

// -----

func.func @parameter_shapes() {
  // expected-note @+1 {{but with shape [4] and dtype f32 here}}
  %w = pd.get_parameter "w" : !pd.tensor<4xf32>
  %z = pd.full(0.0) : !pd.tensor<8xf32>
  // expected-error @+1 {{parameter 'w' is used with shape [8] and dtype f32}}
  pd.set_parameter %z "w" : !pd.tensor<8xf32>
  return
}

// -----

func.func @parameter_dtype_across_functions() {
  // expected-note @+1 {{but with shape [4] and dtype f32 here}}
  %w = pd.get_parameter "w" : !pd.tensor<4xf32>
  return
}
func.func @other() {
  // expected-error @+1 {{parameter 'w' is used with shape [4] and dtype f16}}
  %w = pd.get_parameter "w" : !pd.vtensor<4xf16>
  return
}

// -----

// Only with require-fetch: a program that reads feeds and fetches nothing.
// CHECK-LABEL: func.func @no_fetch
// REQUIRE-NOT: func.func @main
// REQUIRE: pd-verify-program.mlir:[[@LINE+1]]:1: error: program reads feeds but fetches nothing (require-fetch)
func.func @no_fetch() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  return
}

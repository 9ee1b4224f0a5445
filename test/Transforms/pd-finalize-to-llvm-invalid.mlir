// RUN: paddle-opt %s -verify-diagnostics -pd-finalize-to-llvm

// An LLVM data layout is refused, not ignored: convert-func-to-llvm hands it
// to its type converter, which this pass cannot (paddle-mlir's modules
// carry none).
// expected-error @below {{pd-finalize-to-llvm does not take an 'llvm.data_layout'}}
module attributes {llvm.data_layout = "e-m:e-i64:64-n8:16:32:64-S128"} {
  func.func @f() {
    return
  }
}

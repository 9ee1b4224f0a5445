// RUN: paddle-opt %s -split-input-file -pd-lower-parallel-dispatch -verify-diagnostics

// A dispatch naming no suitable body is an error.
module {
  // expected-error @+1 {{pd.parallel_body does not name a function}}
  llvm.func @bad_dispatch(i64, !llvm.ptr) attributes {pd.parallel_body = @missing}
}

// -----

// So is a body whose arguments do not match (begin, end, arguments...).
module {
  // expected-error @+1 {{pd.parallel_body does not name a function}}
  llvm.func @short_dispatch(i64, !llvm.ptr) attributes {pd.parallel_body = @short}
  llvm.func internal @short(%begin: i64, %end: i64) {
    llvm.return
  }
}

// RUN: paddle-opt %s -split-input-file -pd-prune-kernel-arguments | FileCheck %s

// A kernel's unread descriptor fields are dropped from it and from its
// calls; the constants that only fed them go too.
// CHECK-LABEL: llvm.func @program(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr)
// CHECK-NOT: llvm.mlir.constant(7
// CHECK: llvm.call @kernel(%[[P]]) : (!llvm.ptr) -> ()
// CHECK: llvm.func internal @kernel(%[[A:.*]]: !llvm.ptr) {
// CHECK: llvm.store %{{.*}}, %[[A]]
module {
  llvm.func @program(%p: !llvm.ptr) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c7 = llvm.mlir.constant(7 : i64) : i64
    llvm.call @kernel(%p, %p, %c0, %c7, %c0) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func internal @kernel(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64,
                             %size: i64, %stride: i64) {
    %v = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %v, %aligned : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// A parallel body keeps (begin, end) and loses what it does not read, and
// so do its dispatch declaration and the dispatch's calls. The kernel then
// no longer reads its own %unused, which its call stops passing (the pass
// repeats until nothing changes).
// CHECK-LABEL: llvm.func @program(
// CHECK: llvm.call @kernel(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK-LABEL: llvm.func @body_dispatch(i64, !llvm.ptr) attributes {pd.parallel_body = @body}
// CHECK-LABEL: llvm.func internal @kernel(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr)
// CHECK: llvm.call @body_dispatch(%{{.*}}, %[[P]]) : (i64, !llvm.ptr) -> ()
// CHECK-LABEL: llvm.func internal @body(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr)
module {
  llvm.func @program(%p: !llvm.ptr, %f: f32) {
    llvm.call @kernel(%p, %f) : (!llvm.ptr, f32) -> ()
    llvm.return
  }
  llvm.func @body_dispatch(i64, !llvm.ptr, f32) attributes {pd.parallel_body = @body}
  llvm.func internal @kernel(%p: !llvm.ptr, %unused: f32) {
    %n = llvm.mlir.constant(64 : i64) : i64
    llvm.call @body_dispatch(%n, %p, %unused) : (i64, !llvm.ptr, f32) -> ()
    llvm.return
  }
  llvm.func internal @body(%begin: i64, %end: i64, %p: !llvm.ptr, %k: f32) {
    llvm.store %begin, %p : i64, !llvm.ptr
    llvm.return
  }
}

// -----

// Left alone: a public function (callers outside the module), a function
// whose address is taken, and a parallel body's (begin, end) even unread.
// CHECK-LABEL: llvm.func @public(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: i64)
// CHECK-LABEL: llvm.func internal @addressed(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: i64)
// CHECK-LABEL: llvm.func internal @body(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64)
// CHECK-NOT: !llvm.ptr
module {
  llvm.func @public(%p: !llvm.ptr, %n: i64) {
    llvm.return
  }
  llvm.func internal @addressed(%p: !llvm.ptr, %n: i64) {
    llvm.return
  }
  llvm.func @user(%p: !llvm.ptr) -> !llvm.ptr {
    %c = llvm.mlir.constant(1 : i64) : i64
    llvm.call @public(%p, %c) : (!llvm.ptr, i64) -> ()
    llvm.call @addressed(%p, %c) : (!llvm.ptr, i64) -> ()
    llvm.call @body_dispatch(%c, %p) : (i64, !llvm.ptr) -> ()
    %f = llvm.mlir.addressof @addressed : !llvm.ptr
    llvm.return %f : !llvm.ptr
  }
  llvm.func @body_dispatch(i64, !llvm.ptr) attributes {pd.parallel_body = @body}
  llvm.func internal @body(%begin: i64, %end: i64, %p: !llvm.ptr) {
    llvm.return
  }
}

// -----

// Left alone: a parallel body whose dispatch declaration does not match
// it (pd-lower-parallel-dispatch reports that one), and a variadic function.
// CHECK-LABEL: llvm.func @mismatched_dispatch(i64, !llvm.ptr, f32) attributes {pd.parallel_body = @body}
// CHECK-LABEL: llvm.func internal @body(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr)
// CHECK-LABEL: llvm.func internal @variadic(
// CHECK-SAME: %{{.*}}: !llvm.ptr, ...)
module {
  llvm.func @mismatched_dispatch(i64, !llvm.ptr, f32) attributes {pd.parallel_body = @body}
  llvm.func internal @body(%begin: i64, %end: i64, %p: !llvm.ptr) {
    llvm.return
  }
  llvm.func internal @variadic(%p: !llvm.ptr, ...) {
    llvm.return
  }
  llvm.func @user(%p: !llvm.ptr, %k: f32) {
    %c = llvm.mlir.constant(1 : i64) : i64
    llvm.call @mismatched_dispatch(%c, %p, %k) : (i64, !llvm.ptr, f32) -> ()
    llvm.call @variadic(%p, %c) vararg(!llvm.func<void (ptr, ...)>) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
}

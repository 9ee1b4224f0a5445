// RUN: paddle-opt %s -split-input-file -pd-lower-parallel-dispatch | FileCheck %s

// A dispatch call becomes a call of the thread pool with the arguments in a
// struct on the caller's stack (allocated in its entry block) and a task
// that loads them back and calls the body.
// CHECK: llvm.func @pdm_parallel_for(i64, !llvm.ptr, !llvm.ptr)
// CHECK-NOT: dispatch
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr, %[[K:.*]]: f32)
// CHECK: %[[FRAME:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr, f32)>
// CHECK: llvm.cond_br
// CHECK: %[[F0:.*]] = llvm.getelementptr %[[FRAME]][0, 0]
// CHECK: llvm.store %[[P]], %[[F0]]
// CHECK: %[[F1:.*]] = llvm.getelementptr %[[FRAME]][0, 1]
// CHECK: llvm.store %[[K]], %[[F1]]
// CHECK: %[[TASK:.*]] = llvm.mlir.addressof @body_task
// CHECK: llvm.call @pdm_parallel_for(%{{.*}}, %[[TASK]], %[[FRAME]])
// CHECK-LABEL: llvm.func internal @body_task(
// CHECK-SAME: %[[ARGS:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64)
// CHECK: %[[A0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.call @body(%[[BEGIN]], %[[END]], %[[A0]], %[[A1]])
module {
  llvm.func @body_dispatch(i64, !llvm.ptr, f32) attributes {pd.parallel_body = @body}
  llvm.func @caller(%p: !llvm.ptr, %k: f32) {
    %n = llvm.mlir.constant(64 : i64) : i64
    %true = llvm.mlir.constant(true) : i1
    llvm.cond_br %true, ^run, ^done
  ^run:
    llvm.call @body_dispatch(%n, %p, %k) : (i64, !llvm.ptr, f32) -> ()
    llvm.br ^done
  ^done:
    llvm.return
  }
  llvm.func internal @body(%begin: i64, %end: i64, %p: !llvm.ptr, %k: f32) {
    llvm.return
  }
}

// -----

// A module without dispatches is left alone (no runtime declaration).
// CHECK-LABEL: llvm.func @plain(
// CHECK-NOT: pdm_parallel_for
module {
  llvm.func @plain() {
    llvm.return
  }
}

// RUN: paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg))' | FileCheck %s
// RUN: paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{block-size=128}))' | FileCheck %s --check-prefix=B128

// An elementwise op: one thread per element in blocks of 256, guarded by the
// element count; the body is cloned between a load and a store.
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[C1000:.*]] = arith.constant 1000 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[GRID:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]],
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[I]], %c1000{{.*}} : index
// CHECK: scf.if %[[IN]] {
// CHECK: memref.load %arg0
// CHECK: math.exp
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
// B128-LABEL: func.func @elementwise
// B128: arith.constant 128 : index
#id = affine_map<(d0) -> (d0)>
func.func @elementwise(%x: memref<1000xf32>, %y: memref<1000xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<1000xf32>) outs(%y : memref<1000xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A matmul: a thread per output element; the k loop carries the accumulator
// in a register (one load and one store of C per thread). Buffers move to
// the device.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[BUF:.*]] = gpu.alloc () : memref<8x16xf32>
// CHECK: gpu.launch
// CHECK: %[[ROW:.*]] = arith.divui
// CHECK: %[[INIT:.*]] = memref.load %[[BUF]]
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: arith.mulf
// CHECK: arith.addf %[[ACC]]
// CHECK: scf.yield
// CHECK: memref.store %[[SUM]], %[[BUF]]
// CHECK: gpu.dealloc %[[BUF]] : memref<8x16xf32>
func.func @matmul(%a: memref<8x32xf32>, %b: memref<32x16xf32>, %out: memref<8x16xf32>) {
  %buf = memref.alloc() : memref<8x16xf32>
  linalg.matmul ins(%a, %b : memref<8x32xf32>, memref<32x16xf32>) outs(%buf : memref<8x16xf32>)
  linalg.copy ins(%buf : memref<8x16xf32>) outs(%out : memref<8x16xf32>)
  memref.dealloc %buf : memref<8x16xf32>
  return
}

// -----

// Dynamic sizes: no launch when there is nothing to compute; linalg.index
// reads the thread's loop index.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[N:.*]] = memref.dim %arg0
// CHECK: %[[ANY:.*]] = arith.cmpi ugt, %[[N]], %{{.*}} : index
// CHECK: scf.if %[[ANY]] {
// CHECK: gpu.launch
// CHECK: arith.index_cast %[[I:.*]] : index to i64
func.func @dynamic(%x: memref<?xi64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<?xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  }
  return
}

// -----

// Leave-alone: no structured op, nothing launched; an empty op erased.
// CHECK-LABEL: func.func @nothing
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @nothing(%x: memref<0x4xf32>) {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%x : memref<0x4xf32>)
  return
}

// -----

// The host's control flow reads a scalar of device memory through a host
// stack buffer (zeroed first: a failed copy reads false): a one-element
// buffer is copied directly; an element of a larger one is gathered by a
// one-thread kernel first.
// CHECK-LABEL: func.func @host_condition
// CHECK: %[[HOST:.*]] = memref.alloca() : memref<1xi8>
// CHECK: memref.store %{{.*}}, %[[HOST]]
// CHECK: gpu.memcpy  %[[HOST]], %arg0 : memref<1xi8>, memref<1xi8>
// CHECK: %[[FLAG:.*]] = memref.load %[[HOST]]
// CHECK: %[[HOST2:.*]] = memref.alloca() : memref<1xf32>
// CHECK: %[[ONE:.*]] = gpu.alloc () : memref<1xf32>
// CHECK: gpu.launch
// CHECK: memref.load %arg1[%{{.*}}, %{{.*}}] : memref<4x4xf32>
// CHECK: memref.store %{{.*}}, %[[ONE]]
// CHECK: gpu.memcpy  %[[HOST2]], %[[ONE]] : memref<1xf32>, memref<1xf32>
// CHECK: gpu.dealloc %[[ONE]]
// CHECK: memref.load %[[HOST2]]
func.func @host_condition(%flag: memref<1xi8>, %x: memref<4x4xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %f = memref.load %flag[%c0] : memref<1xi8>
  %zero = arith.constant 0 : i8
  %cond = arith.cmpi ne, %f, %zero : i8
  %r = scf.if %cond -> f32 {
    %v = memref.load %x[%i, %c0] : memref<4x4xf32>
    scf.yield %v : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  return %r : f32
}


// -----

// A scatter left as host loops (unpool, put_along_axis: scf loops, not a
// structured op) runs as a kernel of one block of one thread, in program
// order; the loops move into it unchanged.
// CHECK-LABEL: func.func @sequential_scatter
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE:.*]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK-NEXT: scf.for
// CHECK: %[[V:.*]] = memref.load %arg0
// CHECK: %[[I:.*]] = memref.load %arg1
// CHECK: memref.store %[[V]], %arg2[%[[I]]]
// CHECK: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @sequential_scatter(%v: memref<20xf32>, %idx: memref<20xindex>, %out: memref<63xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  scf.for %i = %c0 to %c20 step %c1 {
    %x = memref.load %v[%i] : memref<20xf32>
    %j = memref.load %idx[%i] : memref<20xindex>
    memref.store %x, %out[%j] : memref<63xf32>
  }
  return
}

// -----

// A host loop that writes device memory and yields a count the host uses
// (the size of an NMS result): the kernel stores the count in a device
// scalar, read back after the launch; a fill inside becomes loops of the
// kernel.
// CHECK-LABEL: func.func @sequential_count
// CHECK: %[[COUNT:.*]] = gpu.alloc () : memref<1xindex>
// CHECK: gpu.launch
// CHECK: %[[N:.*]] = scf.for
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: memref.store %[[N]], %[[COUNT]][%{{.*}}] : memref<1xindex>
// CHECK: gpu.terminator
// CHECK: gpu.memcpy %[[STACK:.*]], %[[COUNT]]
// CHECK: %[[HOST:.*]] = memref.load %[[STACK]][%{{.*}}] : memref<1xindex>
// CHECK: gpu.dealloc %[[COUNT]] : memref<1xindex>
// CHECK: return %[[HOST]] : index
func.func @sequential_count(%x: memref<8xf32>, %out: memref<8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %n = scf.for %i = %c0 to %c8 step %c1 iter_args(%k = %c0) -> (index) {
    linalg.fill ins(%zero : f32) outs(%out : memref<8xf32>)
    %v = memref.load %x[%i] : memref<8xf32>
    memref.store %v, %out[%k] : memref<8xf32>
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return %n : index
}

// -----

// A single store of a host value (the shape output of a data-dependent
// fetch) is a one-thread kernel too.
// CHECK-LABEL: func.func @host_store
// CHECK: gpu.launch
// CHECK-NEXT: memref.store %arg0, %arg1[] : memref<i64>
// CHECK-NEXT: gpu.terminator
func.func @host_store(%n: i64, %shape: memref<i64>) {
  memref.store %n, %shape[] : memref<i64>
  return
}

// -----

// A run-time check (an index out of range, reported by convert-pd-to-linalg
// through pdm_runtime_error) claims a device record [site, value, bound]
// with a compare-and-swap in the kernel; the record starts at -1 and the
// host reads it back at the return, then reports a failure itself.
// CHECK-LABEL: func.func @runtime_check
// CHECK: %[[NONE:.*]] = arith.constant -1 : i64
// CHECK: %[[REC:.*]] = gpu.alloc () : memref<3xi64>
// CHECK: gpu.launch
// CHECK: memref.store %[[NONE]], %[[REC]]
// CHECK: gpu.launch
// CHECK: scf.if
// CHECK: %[[OLD:.*]] = memref.generic_atomic_rmw %[[REC]]
// CHECK: arith.select
// CHECK: memref.atomic_yield
// CHECK: arith.cmpi eq, %[[OLD]], %[[NONE]]
// CHECK: memref.store %{{.*}}, %[[REC]]
// CHECK: memref.store %{{.*}}, %[[REC]]
// CHECK: gpu.memcpy
// CHECK: %[[SITE:.*]] = memref.load
// CHECK: %[[FAILED:.*]] = arith.cmpi ne, %[[SITE]], %[[NONE]]
// CHECK: scf.if %[[FAILED]]
// CHECK: call @pdm_runtime_error(%[[SITE]]
// CHECK: gpu.dealloc %[[REC]]
#id = affine_map<(d0) -> (d0)>
func.func private @pdm_runtime_error(i64, i64, i64)
func.func @runtime_check(%ids: memref<8xi64>, %out: memref<8xi64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%ids : memref<8xi64>) outs(%out : memref<8xi64>) {
  ^bb0(%i: i64, %o: i64):
    %c10 = arith.constant 10 : i64
    %c0 = arith.constant 0 : i64
    %c3 = arith.constant 3 : i64
    %bad = arith.cmpi uge, %i, %c10 : i64
    scf.if %bad {
      func.call @pdm_runtime_error(%c3, %i, %c10) : (i64, i64, i64) -> ()
    }
    %ok = arith.select %bad, %c0, %i : i64
    linalg.yield %ok : i64
  }
  return
}

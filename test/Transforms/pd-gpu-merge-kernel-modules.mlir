// RUN: paddle-opt %s --split-input-file --pd-gpu-merge-kernel-modules | FileCheck %s
// RUN: paddle-opt %s --split-input-file --pd-gpu-merge-kernel-modules=module-name=all | FileCheck %s --check-prefix=NAMED

// Two outlined kernels: one module, each kernel renamed after its old
// module, the launches retargeted; a module that is not a lone kernel (it
// has a helper function) stays as it is.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @kernels {
// CHECK: gpu.func @k_a(%{{.*}}: memref<4xf32>) kernel
// CHECK: gpu.func @k_b(%{{.*}}: memref<4xf32>) kernel
// CHECK: gpu.module @k_c {
// CHECK-NOT: gpu.module @k_a
// CHECK: gpu.launch_func @kernels::@k_a
// CHECK: gpu.launch_func @kernels::@k_b
// CHECK: gpu.launch_func @k_c::@main_kernel
// NAMED: gpu.module @all {
// NAMED: gpu.launch_func @all::@k_a
module attributes {gpu.container_module} {
  gpu.module @k_a {
    gpu.func @main_kernel(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @k_b {
    gpu.func @main_kernel(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @k_c {
    func.func @helper() {
      return
    }
    gpu.func @main_kernel(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @main(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k_a::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @k_b::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @k_c::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}

// -----

// A module named like the merged one already: the merged module gets a
// unique name.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @kernels_0 {
// CHECK: gpu.launch_func @kernels_0::@kernels
// CHECK: gpu.launch_func @kernels_0::@k_b
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @main_kernel(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @k_b {
    gpu.func @main_kernel(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @main(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @k_b::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}

// -----

// A single outlined kernel: nothing to merge, the module stays as it is.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @only {
// CHECK: gpu.launch_func @only::@main_kernel
module attributes {gpu.container_module} {
  gpu.module @only {
    gpu.func @main_kernel(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @main(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @only::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}

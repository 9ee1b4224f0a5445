// An empty name for the merged module is refused (it would be an invalid
// symbol).
// RUN: not paddle-opt %s '--pd-gpu-merge-kernel-modules=module-name=' 2>&1 | FileCheck %s
// CHECK: error: pd-gpu-merge-kernel-modules: module-name must not be empty
module attributes {gpu.container_module} {
}

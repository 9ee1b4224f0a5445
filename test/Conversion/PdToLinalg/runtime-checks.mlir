// convert-pd-to-linalg's runtime-checks option (lib/Conversion/PdToLinalg/RuntimeChecks.cpp):
// on (the default), indices and integer divisors only known at run time are
// checked, reported to the runtime and replaced by valid values; off, they
// are only converted (trusted inputs).
// RUN: paddle-opt %s -convert-pd-to-linalg | FileCheck %s
// RUN: paddle-opt %s -convert-pd-to-linalg=runtime-checks=false | FileCheck %s --check-prefix=OFF
// RUN: paddle-opt %s -pd-lower-to-llvm=runtime-checks=false | FileCheck %s --check-prefix=LLVM-OFF

// CHECK: module attributes {pd.runtime_checks = ["pd.embedding at {{.*}}: id {value} out of range [0, {bound})", "pd.gather at {{.*}}", "pd.floor_divide at {{.*}}: integer division by zero"]}
// CHECK-LABEL: func.func @checked(
// CHECK-SAME: %[[IDS:[^:]*]]: tensor<2x3xi64> {{.*}}, %[[W:[^:]*]]: tensor<10x4xf32> {{.*}}, %[[I:[^:]*]]: tensor<3xi64> {{.*}}, %[[Y:[^:]*]]: tensor<4xi64>
// CHECK: linalg.generic {{.*}} ins(%[[IDS]] : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3xindex>)
// CHECK: arith.cmpi ult
// CHECK: func.call @pdm_runtime_error
// CHECK: linalg.generic {{.*}} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<3xindex>)
// CHECK: arith.cmpi ult
// CHECK: func.call @pdm_runtime_error
// CHECK: linalg.generic {{.*}} ins(%[[Y]] : tensor<4xi64>) outs(%{{.*}} : tensor<4xi64>)
// CHECK: func.call @pdm_runtime_error
// CHECK: arith.floordivsi
// CHECK: func.func private @pdm_runtime_error(i64, i64, i64)

// OFF-NOT: pd.runtime_checks
// OFF-LABEL: func.func @checked(
// OFF-SAME: %[[IDS:[^:]*]]: tensor<2x3xi64> {{.*}}, %[[W:[^:]*]]: tensor<10x4xf32> {{.*}}, %[[I:[^:]*]]: tensor<3xi64> {{.*}}, %[[Y:[^:]*]]: tensor<4xi64>
// Ids are converted to index, nothing else (no bound: none is read).
// OFF: linalg.generic {{.*}} ins(%[[IDS]] : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3xindex>)
// OFF-NEXT: ^bb0(%[[ID:.*]]: i64, %{{.*}}: index):
// OFF-NEXT: %[[C:.*]] = arith.index_cast %[[ID]] : i64 to index
// OFF-NEXT: linalg.yield %[[C]] : index
// Gather indices still count negative ones from the end.
// OFF: linalg.generic {{.*}} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<3xindex>)
// OFF: arith.cmpi slt
// OFF-NOT: arith.cmpi ult
// OFF: linalg.yield
// The divisor is used as it is.
// OFF: linalg.generic {{.*}} ins(%{{.*}}, %[[Y]] : tensor<4xi64>, tensor<4xi64>)
// OFF: arith.floordivsi
// OFF-NOT: pdm_runtime_error

// LLVM-OFF-NOT: pdm_runtime_error
// LLVM-OFF: llvm.func @checked(
// LLVM-OFF-NOT: pdm_runtime_error
func.func @checked() {
  %ids = pd.data "ids" : !pd.vtensor<2x3xi64>
  %w = pd.data "w" : !pd.vtensor<10x4xf32>
  %e = pd.embedding %ids, %w {padding_idx = -1 : i64} : (!pd.vtensor<2x3xi64>, !pd.vtensor<10x4xf32>) -> !pd.vtensor<2x3x4xf32>
  %i = pd.data "i" : !pd.vtensor<3xi64>
  %ax = pd.full(0) : !pd.vtensor<1xi64>
  %g = pd.gather %w, %i, %ax : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x4xf32>
  %x = pd.data "x" : !pd.vtensor<4xi64>
  %y = pd.data "y" : !pd.vtensor<4xi64>
  %q = pd.floor_divide %x, %y : (!pd.vtensor<4xi64>, !pd.vtensor<4xi64>) -> !pd.vtensor<4xi64>
  %f0 = pd.fetch %e "e" col 0 : !pd.vtensor<2x3x4xf32>
  %f1 = pd.fetch %g "g" col 1 : !pd.vtensor<3x4xf32>
  %f2 = pd.fetch %q "q" col 2 : !pd.vtensor<4xi64>
  return
}

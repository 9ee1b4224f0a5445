// RUN: paddle-opt %s -split-input-file -pd-vector-matrix-as-matvec | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-vector-matrix-as-matvec -pd-vector-matrix-as-matvec | FileCheck %s

// A linear layer at batch 1: the frozen weights [64, 3] become their
// transpose [3, 64] (row j holds w[:, j]), the row a column; the product
// [3, 1] is reshaped back to [1, 3] for the bias add, which is unchanged.
// CHECK-LABEL: func.func @linear
// CHECK-DAG: %[[W:.*]] = pd.constant dense_resource<matvec_w> : tensor<3x64xf32> : !pd.vtensor<3x64xf32>
// CHECK-DAG: %[[S:.*]] = pd.full_int_array [64, 1] : !pd.vtensor<2xi64>
// CHECK: %[[C:.*]] = pd.reshape %{{.*}}, %[[S]] : (!pd.vtensor<1x64xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<64x1xf32>
// CHECK: %[[P:.*]] = pd.matmul %[[W]], %[[C]] : (!pd.vtensor<3x64xf32>, !pd.vtensor<64x1xf32>) -> !pd.vtensor<3x1xf32>
// CHECK: %[[S2:.*]] = pd.full_int_array [1, 3] : !pd.vtensor<2xi64>
// CHECK: %[[R:.*]] = pd.reshape %[[P]], %[[S2]] : (!pd.vtensor<3x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<1x3xf32>
// CHECK: pd.add %[[R]], %{{.*}}
// CHECK-NOT: pd.matmul
func.func @linear(%x: !pd.vtensor<1x64xf32>) -> !pd.vtensor<1x3xf32> {
  %w = pd.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0], [24.0, 25.0, 26.0], [27.0, 28.0, 29.0], [30.0, 31.0, 32.0], [33.0, 34.0, 35.0], [36.0, 37.0, 38.0], [39.0, 40.0, 41.0], [42.0, 43.0, 44.0], [45.0, 46.0, 47.0], [48.0, 49.0, 50.0], [51.0, 52.0, 53.0], [54.0, 55.0, 56.0], [57.0, 58.0, 59.0], [60.0, 61.0, 62.0], [63.0, 64.0, 65.0], [66.0, 67.0, 68.0], [69.0, 70.0, 71.0], [72.0, 73.0, 74.0], [75.0, 76.0, 77.0], [78.0, 79.0, 80.0], [81.0, 82.0, 83.0], [84.0, 85.0, 86.0], [87.0, 88.0, 89.0], [90.0, 91.0, 92.0], [93.0, 94.0, 95.0], [96.0, 97.0, 98.0], [99.0, 100.0, 101.0], [102.0, 103.0, 104.0], [105.0, 106.0, 107.0], [108.0, 109.0, 110.0], [111.0, 112.0, 113.0], [114.0, 115.0, 116.0], [117.0, 118.0, 119.0], [120.0, 121.0, 122.0], [123.0, 124.0, 125.0], [126.0, 127.0, 128.0], [129.0, 130.0, 131.0], [132.0, 133.0, 134.0], [135.0, 136.0, 137.0], [138.0, 139.0, 140.0], [141.0, 142.0, 143.0], [144.0, 145.0, 146.0], [147.0, 148.0, 149.0], [150.0, 151.0, 152.0], [153.0, 154.0, 155.0], [156.0, 157.0, 158.0], [159.0, 160.0, 161.0], [162.0, 163.0, 164.0], [165.0, 166.0, 167.0], [168.0, 169.0, 170.0], [171.0, 172.0, 173.0], [174.0, 175.0, 176.0], [177.0, 178.0, 179.0], [180.0, 181.0, 182.0], [183.0, 184.0, 185.0], [186.0, 187.0, 188.0], [189.0, 190.0, 191.0]]> : tensor<64x3xf32> : !pd.vtensor<64x3xf32>
  %b = pd.constant dense<0.5> : tensor<3xf32> : !pd.vtensor<3xf32>
  %m = pd.matmul %x, %w : (!pd.vtensor<1x64xf32>, !pd.vtensor<64x3xf32>) -> !pd.vtensor<1x3xf32>
  %y = pd.add %m, %b : (!pd.vtensor<1x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<1x3xf32>
  return %y : !pd.vtensor<1x3xf32>
}

// -----

// Weights already [N, K] (transpose_y) are used as they are.
// CHECK-LABEL: func.func @transposed_weights
// CHECK: %[[W:.*]] = pd.constant dense<2.500000e-01> : tensor<16x64xf32>
// CHECK: %[[C:.*]] = pd.reshape %{{.*}} -> !pd.vtensor<64x1xf32>
// CHECK: pd.matmul %[[W]], %[[C]] : (!pd.vtensor<16x64xf32>, !pd.vtensor<64x1xf32>) -> !pd.vtensor<16x1xf32>
// CHECK-NOT: transpose_y
func.func @transposed_weights(%x: !pd.vtensor<1x64xf32>) -> !pd.vtensor<1x16xf32> {
  %w = pd.constant dense<0.25> : tensor<16x64xf32> : !pd.vtensor<16x64xf32>
  %m = pd.matmul %x, %w {transpose_y = true} : (!pd.vtensor<1x64xf32>, !pd.vtensor<16x64xf32>) -> !pd.vtensor<1x16xf32>
  return %m : !pd.vtensor<1x16xf32>
}

// -----

// Left alone: a batch of rows (a real matrix product), a dynamic batch,
// weights that are a parameter (a program may write them), a depth too
// short for rows along it, and a transposed row.
// CHECK-LABEL: func.func @left_alone
// CHECK: pd.matmul %{{.*}}, %{{.*}} : (!pd.vtensor<4x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<4x16xf32>
// CHECK: pd.matmul %{{.*}}, %{{.*}} : (!pd.vtensor<?x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<?x16xf32>
// CHECK: pd.matmul %{{.*}}, %{{.*}} : (!pd.vtensor<1x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<1x16xf32>
// CHECK: pd.matmul %{{.*}}, %{{.*}} : (!pd.vtensor<1x32xf32>, !pd.vtensor<32x16xf32>) -> !pd.vtensor<1x16xf32>
// CHECK: pd.matmul %{{.*}}, %{{.*}} {transpose_x = true} : (!pd.vtensor<64x1xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<1x16xf32>
// CHECK-NOT: pd.reshape
func.func @left_alone(%x: !pd.vtensor<4x64xf32>, %d: !pd.vtensor<?x64xf32>, %r: !pd.vtensor<1x64xf32>, %s: !pd.vtensor<1x32xf32>, %t: !pd.vtensor<64x1xf32>) {
  %w = pd.constant dense<0.25> : tensor<64x16xf32> : !pd.vtensor<64x16xf32>
  %ws = pd.constant dense<0.25> : tensor<32x16xf32> : !pd.vtensor<32x16xf32>
  %pv = pd.get_parameter "w" : !pd.vtensor<64x16xf32>
  %a = pd.matmul %x, %w : (!pd.vtensor<4x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<4x16xf32>
  %b = pd.matmul %d, %w : (!pd.vtensor<?x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<?x16xf32>
  %c = pd.matmul %r, %pv : (!pd.vtensor<1x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<1x16xf32>
  %e = pd.matmul %s, %ws : (!pd.vtensor<1x32xf32>, !pd.vtensor<32x16xf32>) -> !pd.vtensor<1x16xf32>
  %f = pd.matmul %t, %w {transpose_x = true} : (!pd.vtensor<64x1xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<1x16xf32>
  return
}

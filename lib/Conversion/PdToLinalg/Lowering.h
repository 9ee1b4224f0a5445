//===- Lowering.h - shared machinery of convert-pd-to-linalg ----*- C++ -*-===//
//
// `convert-pd-to-linalg` walks a program in order and lowers each pd op with
// the function registered for its name in a LoweringTable. Lowered values
// are builtin tensors (value semantics); the Lowerer maps each pd value to
// its tensor (or, for a `!pd.vec`, to its list of tensors).
//
// The lowering functions live in one file per op family:
//   Elementwise.cpp   unary/binary/compare/logical/activation ops, cast, scale
//   Reduction.cpp     reductions, arg-min/max, softmax, cumulative ops
//   NN.cpp            matmul, convolutions, pooling, normalizations
//   Manipulation.cpp  reshape, transpose, concat, slice, gather, pad, ...
//   Creation.cpp      full, arange, eye, random ops, shape/numel
//   Recurrent.cpp     rnn (LSTM, GRU, simple RNN): a loop over time
//   Detection.cpp     detection post-processing (yolo_box)
//   PutAlongAxis.cpp  put_along_axis (scatter with a reduction)
//   DataDependent.cpp nonzero, masked_select, unique (sizes known at run time)
//   MulticlassNms.cpp multiclass_nms3 (PaddleDetection's post-processing)
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_CONVERSION_PDTOLINALG_LOWERING_H
#define PADDLE_MLIR_CONVERSION_PDTOLINALG_LOWERING_H

#include "Dialect/Pd/PdDialect.h"
#include "Dialect/Pd/PdOpDefs.h"
#include "Dialect/Pd/InferMeta/InferMeta.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <initializer_list>

namespace mlir::pd::lowering {

class Lowerer;

/// Lowers one op: reads lowered operands from `l`, builds the replacement
/// at the builder's insertion point and maps every result. On failure it
/// has emitted a diagnostic at the op.
using LowerFn = std::function<LogicalResult(Operation *op, Lowerer &l)>;

struct LoweringTable {
  llvm::StringMap<LowerFn> fns;
  void add(StringRef opName, LowerFn fn) { fns[opName] = std::move(fn); }
  /// One function for several ops (e.g. `{"pd.exp", "pd.log"}` sharing a
  /// body table).
  void add(std::initializer_list<StringRef> opNames, const LowerFn &fn) {
    for (StringRef name : opNames)
      fns[name] = fn;
  }
};

void populateElementwiseLowerings(LoweringTable &table);
void populateReductionLowerings(LoweringTable &table);
void populateStatisticsLowerings(LoweringTable &table);
void populateSsdLowerings(LoweringTable &table);
void populateIndexPutLowerings(LoweringTable &table);
void populateLinearAlgebraLowerings(LoweringTable &table);
void populateRandomSamplingLowerings(LoweringTable &table);
void populateNNLowerings(LoweringTable &table);
void populateLossLowerings(LoweringTable &table);
void populateRecurrentLowerings(LoweringTable &table);
void populateDetectionLowerings(LoweringTable &table);
void populatePutAlongAxisLowerings(LoweringTable &table);
void populateDataDependentLowerings(LoweringTable &table);
void populateNmsLowerings(LoweringTable &table);
void populateMatrixLowerings(LoweringTable &table);
void populateManipulationLowerings(LoweringTable &table);
void populateCreationLowerings(LoweringTable &table);
void populateControlFlowLowerings(LoweringTable &table);

/// The module attribute listing the messages of the run-time checks
/// (RuntimeChecks.cpp); a check reports its index in it.
constexpr llvm::StringLiteral kRuntimeChecksAttr = "pd.runtime_checks";

/// Adds the message of a run-time check of `op` ("{value}" and "{bound}"
/// are filled in by the runtime) to the module; returns its site number.
int64_t registerRuntimeCheck(Operation *op, StringRef what);

/// The index tensor `indices` (any integer type) checked against `bound`
/// (of the element's position): a tensor of `index` in [0, bound), where a
/// value out of range (after adding the bound to a negative one when
/// `wrapNegative`) reports `what` to the runtime and becomes 0. The op that
/// then reads with these indices never reads out of bounds (a bound of 0
/// must be refused before: there is no valid index to substitute). Without
/// `l.runtimeChecks`, the indices are only converted (and wrapped).
Value checkedIndices(Lowerer &l, Location loc, Operation *op, Value indices, bool isUnsigned,
                     bool wrapNegative,
                     function_ref<Value(OpBuilder &, Location, ValueRange ivs)> bound,
                     StringRef what);

/// Inside the body of an elementwise op of `op`'s lowering: where `bad` is
/// true, reports run-time check `site` (registerRuntimeCheck) with no
/// value; the op still computes its element.
void reportIf(OpBuilder &b, Location loc, Operation *op, int64_t site, Value bad);

/// The integer divisors of `op` checked at run time: a zero reports
/// "integer division by zero" and becomes 1 (no SIGFPE). Float tensors and
/// constants without a zero come back unchanged, and so does everything
/// without `l.runtimeChecks`.
Value checkedDivisors(Lowerer &l, Location loc, Operation *op, Value divisors);

/// Whether convert-pd-to-linalg has a lowering for the op named `opName`
/// (what the CPU backend's kernel registry is filled from).
bool hasLowering(StringRef opName);

/// The lowering state of one function.
class Lowerer {
public:
  Lowerer(OpBuilder &builder, const LoweringTable &table)
      : b(builder), table(table) {}

  OpBuilder &b;
  const LoweringTable &table;
  /// Set when the function mutates nothing (no in-place op, no
  /// pd.copy_to, no pd.set_parameter): then a !pd.tensor is as good as a
  /// value (aliasing is only observable through a write).
  bool tensorsAreValues = false;
  /// Whether run-time values (indices, integer divisors) are checked
  /// (convert-pd-to-linalg's runtime-checks option).
  bool runtimeChecks = true;

  /// The tensor a pd value was lowered to.
  Value get(Value pdValue) const { return mapping.lookup(pdValue); }
  /// The tensors of a `!pd.vec` value (made by pd.combine or lowered ops).
  SmallVector<Value> getList(Value pdVec) const;
  void map(Value pdValue, Value lowered) { mapping.map(pdValue, lowered); }
  void mapList(Value pdVec, ArrayRef<Value> lowered) {
    lists[pdVec] = SmallVector<Value>(lowered);
  }

  /// Lowers the ops of `block` (in order) at the builder's insertion point;
  /// a terminator is not lowered (the caller handles pd.yield).
  LogicalResult lowerBlock(Block &block);
  LogicalResult lowerOp(Operation *op);

private:
  IRMapping mapping;
  DenseMap<Value, SmallVector<Value>> lists;
};

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The builtin element type for a pd element type: unsigned integers
/// become signless (arith is signless; ops that care ask isUnsigned).
Type loweredElementType(Type pdElementType);
/// `!pd.vtensor<2x?xf32>` (or `!pd.tensor`) -> `tensor<2x?xf32>`.
RankedTensorType loweredType(Type pdType);
/// The lowered tensor type of each element of a !pd.vec value.
SmallVector<RankedTensorType> loweredListTypes(Value pdVec);
bool isUnsigned(Type pdElementType);
/// Whether a pd element type is bool (lowered as i8 storage, i1 values).
bool isBool(Type pdElementType);
/// The pd element type of a pd tensor value.
Type pdElementType(Value pdValue);

/// Emits "lowering needs static shapes" at `op` unless every type of `types`
/// (pd or builtin tensors) is static.
LogicalResult requireStatic(Operation *op, TypeRange types);

//===----------------------------------------------------------------------===//
// Constant operands (IntArray / Scalar), attributes
//===----------------------------------------------------------------------===//

/// The values of an IntArray operand; emits an error naming `what` when
/// they are only known at run time.
FailureOr<SmallVector<int64_t>> constIntArray(Operation *op, Value pdValue,
                                              StringRef what);
/// A Scalar operand's value when known at compile time.
std::optional<double> constScalar(Value pdValue);
/// A Scalar operand as a scalar of `type`: a constant when known, else
/// the first element of its lowered tensor, cast.
Value scalarOperand(Lowerer &l, Location loc, Value pdValue, Type type,
                    bool srcUnsigned = false);

/// `axis` in [-rank, rank) -> [0, rank).
int64_t normalizeAxis(int64_t axis, int64_t rank);

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// A scalar constant of an int, index or float type (bools: 0/1).
Value scalarConstant(OpBuilder &b, Location loc, Type type, double value);
/// The lowest / highest value of `type` (−inf/+inf for floats).
Value minValue(OpBuilder &b, Location loc, Type type);
Value maxValue(OpBuilder &b, Location loc, Type type);
/// Converts a scalar between int/float/bool types (bool: != 0).
Value castScalar(OpBuilder &b, Location loc, Value v, Type to,
                 bool srcUnsigned = false, bool dstUnsigned = false);

/// tensor.empty of `type`; each dynamic dim is read (tensor.dim) from the
/// first of `sources` whose right-aligned dim at that position is dynamic.
Value createEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange sources = {});
/// linalg.fill of an empty tensor.
Value createFilled(OpBuilder &b, Location loc, RankedTensorType type,
                   Value scalar, ValueRange sources = {});

using ScalarBody =
    function_ref<Value(OpBuilder &b, Location loc, ValueRange args)>;

/// A broadcasting elementwise linalg.generic: `inputs` are right-aligned
/// to `outType` (numpy broadcasting; a static 1 broadcasts). `body` gets
/// one scalar per input and returns the result element.
Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType outType,
                       ValueRange inputs, ScalarBody body);

/// Like buildElementwise but the body also gets the output indices
/// (linalg.index) after the inputs' scalars.
Value buildElementwiseWithIndices(OpBuilder &b, Location loc,
                                  RankedTensorType outType, ValueRange inputs,
                                  ScalarBody body);

/// Reduces `input` over `axes` (normalized, sorted) starting from `init`;
/// `body(element, accumulator)` -> new accumulator. The result has the
/// reduced dims removed (keepDims=false) or kept as 1.
Value buildReduction(OpBuilder &b, Location loc, Value input,
                     ArrayRef<int64_t> axes, bool keepDims, Value init,
                     ScalarBody body);

/// Reshapes to `type` with the same number of elements (collapse/expand
/// for static shapes, tensor.reshape otherwise).
Value reshapeTo(OpBuilder &b, Location loc, Value input,
                RankedTensorType type);

/// `value` as `type` (a tensor.cast) when only static/dynamic dims differ.
Value castTo(OpBuilder &b, Location loc, Value value, Type type);

/// A constant of `type` holding a Scalar[] attribute's values (as many as
/// `type` has elements; pd.assign_value, pd.set_value), each converted to
/// the element type (`isBool`: nonzero is true).
Value scalarArrayConstant(OpBuilder &b, Location loc, RankedTensorType type,
                          ArrayAttr values, bool isBool);

/// An index constant.
Value cIdx(OpBuilder &b, Location loc, int64_t v);

/// `count` (an index), stated to be at most `bound` with affine.min: a
/// no-op at run time that gives the value-bounds analysis the bound
/// (pd-bound-dynamic-results allocates a fetched result of run-time size by
/// it).
Value atMost(OpBuilder &b, Location loc, Value count, int64_t bound);
/// The leading `count` rows (dim 0) of `t`, all of its other dims, `count`
/// stated to be at most the rows `t` has (atMost): the result of an op
/// whose size is known only at run time, from a buffer of the most rows.
Value leadingRows(OpBuilder &b, Location loc, Value t, Value count);

/// Sorts each row of a 2-D [rows, n] tensor (stable: equal values keep
/// their order; NaN after every number when ascending, before when
/// descending): the sorted values and, as i64, their columns in `x`.
/// Rows of up to kRankSortLimit a branch-free O(n^2) rank sort (it
/// vectorizes), longer ones mergeSortRows.
void sortLastAxis(OpBuilder &b, Location loc, Value x, bool descending, Value &sorted,
                  Value &indices);
constexpr int64_t kRankSortLimit = 128;
/// The same order by a bottom-up merge sort, O(n log n) per row
/// (MergeSort.cpp).
void mergeSortRows(OpBuilder &b, Location loc, Value x, bool descending, Value &sorted,
                   Value &indices);

/// Broadcasts `input` to `type` (numpy rules) with a copy.
Value broadcastTo(OpBuilder &b, Location loc, Value input,
                  RankedTensorType type);

/// A deterministic pseudo-random number in [0, 1) of `floatType` for the
/// element with linear index `index` (an `index` value) and `seed`: a
/// counter-based integer hash (no state), so results do not depend on the
/// loop order or threads. The stream differs from Paddle's.
Value hashUniform(OpBuilder &b, Location loc, Value index, uint64_t seed,
                  Type floatType);
/// The stream of a random op: its seed, or for seed 0 (Paddle's "the
/// global generator") a fixed stream per random op of the function, keyed
/// by its position among them (reproducible, distinct per op).
uint64_t randomStreamKey(Operation *op, int64_t seed);
/// The linear (row-major) index of the current linalg.generic element of a
/// tensor shaped `shape` (inside a body built with
/// buildElementwiseWithIndices, from its index arguments).
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  ValueRange indices);

/// Attributes of generated ops read by name, with the spec's default when
/// the op does not carry one.
double attrFloat(Operation *op, StringRef name, double dflt);
int64_t attrInt(Operation *op, StringRef name, int64_t dflt);
bool attrBool(Operation *op, StringRef name, bool dflt);
StringRef attrStr(Operation *op, StringRef name, StringRef dflt);
SmallVector<int64_t> attrInts(Operation *op, StringRef name,
                              ArrayRef<int64_t> dflt = {});

/// The dims of a tensor value as OpFoldResults (static or tensor.dim).
SmallVector<OpFoldResult> getDims(OpBuilder &b, Location loc, Value tensor);

} // namespace mlir::pd::lowering

#endif // PADDLE_MLIR_CONVERSION_PDTOLINALG_LOWERING_H

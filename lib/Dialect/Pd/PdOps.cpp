//===- PdOps.cpp - verifiers, custom syntax and type inference of pd ops --===//

#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#include <cmath>

using namespace mlir;

// The ODS-generated definitions are compiled in shards (PdOpDefs.h).

// Unqualified TensorType must be pd::TensorType, not mlir::TensorType.
namespace mlir::pd {

//===----------------------------------------------------------------------===//
// Helpers shared by ops whose `shape`/`dtype` attributes mirror the result
//===----------------------------------------------------------------------===//

/// A !pd.tensor result is a fresh, mutable buffer; a !pd.vtensor result is
/// a value, so the op is pure and may be CSE'd or folded.
static void addAllocEffectIfAliasing(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  OpResult result = op->getOpResult(0);
  if (isa<TensorType>(result.getType()))
    effects.emplace_back(MemoryEffects::Allocate::get(), result);
}

static std::string dtypeName(DataType dtype) {
  return stringifyDataType(dtype).str();
}

/// Checks that `dtype` names the element type of `type`.
static LogicalResult verifyDtypeMatches(Operation *op, DataType dtype,
                                        BaseTensorType type) {
  std::optional<DataType> actual =
      dataTypeFromElementType(type.getElementType());
  if (!actual || *actual != dtype)
    return op->emitOpError() << "dtype " << dtypeName(dtype)
                             << " does not match the result element type "
                             << type.getElementType();
  return success();
}

/// Checks a Paddle IntArray shape (-1 = dynamic) against the result type.
static LogicalResult verifyShapeMatches(Operation *op,
                                        ArrayRef<int64_t> paddleShape,
                                        BaseTensorType type) {
  for (int64_t dim : paddleShape)
    if (dim < -1)
      return op->emitOpError() << "shape has invalid dimension " << dim
                               << " (expected >= 0, or -1 for dynamic)";
  SmallVector<int64_t> shape = fromPaddleShape(paddleShape);
  if (ArrayRef<int64_t>(shape) != type.getShape())
    return op->emitOpError()
           << "shape " << shapeToString(shape)
           << " does not match the result type " << type;
  return success();
}

/// Parses `: type`, requiring a pd tensor type.
static ParseResult parseTensorResultType(OpAsmParser &parser,
                                         OperationState &result,
                                         BaseTensorType &type) {
  Type parsed;
  if (parser.parseColon())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(parsed))
    return failure();
  type = dyn_cast<BaseTensorType>(parsed);
  if (!type)
    return parser.emitError(loc)
           << "expected !pd.tensor or !pd.vtensor result type, got " << parsed;
  result.addTypes(type);
  return success();
}

/// Fills `dtype` (and `shape` when `shapeAttrName` is set) from the result
/// type unless the attribute dictionary already gave them.
static void fillShapeAndDtypeFromType(OpAsmParser &parser,
                                      OperationState &result,
                                      BaseTensorType type,
                                      StringRef shapeAttrName) {
  Builder &b = parser.getBuilder();
  if (!shapeAttrName.empty() && !result.attributes.get(shapeAttrName))
    result.addAttribute(shapeAttrName,
                        b.getDenseI64ArrayAttr(toPaddleShape(type.getShape())));
  if (!result.attributes.get("dtype")) {
    // Tensor types only admit element types that have a Paddle dtype.
    DataType dtype = *dataTypeFromElementType(type.getElementType());
    result.addAttribute("dtype", DataTypeAttr::get(b.getContext(), dtype));
  }
}

/// The attributes the printer may leave out because the type implies them.
static SmallVector<StringRef>
elidedShapeAndDtype(Operation *op, BaseTensorType type, StringRef nameAttr,
                    StringRef shapeAttrName) {
  SmallVector<StringRef> elided;
  if (!nameAttr.empty())
    elided.push_back(nameAttr);
  if (!shapeAttrName.empty()) {
    auto shape = op->getAttrOfType<DenseI64ArrayAttr>(shapeAttrName);
    if (shape && shape.asArrayRef() ==
                     ArrayRef<int64_t>(toPaddleShape(type.getShape())))
      elided.push_back(shapeAttrName);
  }
  auto dtype = op->getAttrOfType<DataTypeAttr>("dtype");
  if (dtype &&
      dataTypeFromElementType(type.getElementType()) == dtype.getValue())
    elided.push_back("dtype");
  return elided;
}

static LogicalResult verifyNonEmptyName(Operation *op, StringRef name,
                                        StringRef what) {
  if (name.empty())
    return op->emitOpError() << what << " must not be empty";
  return success();
}

//===----------------------------------------------------------------------===//
// DataOp: `pd.data "x" : !pd.tensor<?x784xf32>`
//===----------------------------------------------------------------------===//

void DataOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   Type type, PlaceAttr place) {
  auto tensorType = cast<BaseTensorType>(type);
  std::optional<DataType> dtype =
      dataTypeFromElementType(tensorType.getElementType());
  assert(dtype && "pd.data needs an element type with a Paddle dtype");
  build(builder, state, type, builder.getStringAttr(name),
        builder.getDenseI64ArrayAttr(toPaddleShape(tensorType.getShape())),
        DataTypeAttr::get(builder.getContext(), *dtype), place);
}

ParseResult DataOp::parse(OpAsmParser &parser, OperationState &result) {
  std::string name;
  BaseTensorType type;
  if (parser.parseString(&name) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parseTensorResultType(parser, result, type))
    return failure();
  result.addAttribute("name", parser.getBuilder().getStringAttr(name));
  fillShapeAndDtypeFromType(parser, result, type, "shape");
  return success();
}

void DataOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printString(getName());
  p.printOptionalAttrDict((*this)->getAttrs(),
                          elidedShapeAndDtype(*this, getType(), "name", "shape"));
  p << " : " << getType();
}

LogicalResult DataOp::verify() {
  if (failed(verifyNonEmptyName(*this, getName(), "feed name")) ||
      failed(verifyShapeMatches(*this, getShape(), getType())) ||
      failed(verifyDtypeMatches(*this, getDtype(), getType())))
    return failure();
  return success();
}

void DataOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addAllocEffectIfAliasing(*this, effects);
  effects.emplace_back(MemoryEffects::Write::get(), FeedResource::get());
}

//===----------------------------------------------------------------------===//
// FetchOp, GetParameterOp, SetParameterOp
//===----------------------------------------------------------------------===//

LogicalResult FetchOp::verify() {
  return verifyNonEmptyName(*this, getName(), "fetch name");
}

LogicalResult GetParameterOp::verify() {
  return verifyNonEmptyName(*this, getParameterName(), "parameter_name");
}

LogicalResult SetParameterOp::verify() {
  return verifyNonEmptyName(*this, getParameterName(), "parameter_name");
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  auto valueType = cast<ShapedType>(getValue().getType());
  BaseTensorType type = getType();
  if (valueType.getElementType() != type.getElementType() ||
      valueType.getShape() != type.getShape())
    return emitOpError() << "value of type " << valueType
                         << " does not match the result type " << type;
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// FullOp: `pd.full(1.500000e+00) : !pd.tensor<2x3xf32>`
//===----------------------------------------------------------------------===//

/// Normalizes a parsed Scalar to one of Paddle's kinds: bool, i64, f64.
static Attribute normalizeScalar(Attribute value) {
  MLIRContext *ctx = value.getContext();
  if (isa<BoolAttr>(value))
    return value;
  if (auto floatAttr = dyn_cast<FloatAttr>(value))
    return FloatAttr::get(Float64Type::get(ctx), floatAttr.getValueAsDouble());
  if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    if (intAttr.getType().isInteger(1))
      return BoolAttr::get(ctx, intAttr.getValue().getBoolValue());
    const APInt &v = intAttr.getValue();
    bool isUnsigned = intAttr.getType().isUnsignedInteger();
    if (isUnsigned ? v.getActiveBits() > 63 : v.getSignificantBits() > 64)
      return {};
    int64_t i = isUnsigned ? (int64_t)v.getZExtValue() : v.getSExtValue();
    return IntegerAttr::get(IntegerType::get(ctx, 64), i);
  }
  return {};
}

void FullOp::build(OpBuilder &builder, OperationState &state, Type type,
                   Attribute value, PlaceAttr place) {
  auto tensorType = cast<BaseTensorType>(type);
  std::optional<DataType> dtype =
      dataTypeFromElementType(tensorType.getElementType());
  assert(dtype && "pd.full needs an element type with a Paddle dtype");
  build(builder, state, type,
        builder.getDenseI64ArrayAttr(toPaddleShape(tensorType.getShape())),
        normalizeScalar(value), DataTypeAttr::get(builder.getContext(), *dtype),
        place);
}

ParseResult FullOp::parse(OpAsmParser &parser, OperationState &result) {
  Attribute value;
  BaseTensorType type;
  // The value sits in parentheses so that a following `: type` is not read
  // as the literal's own type.
  if (parser.parseLParen())
    return failure();
  SMLoc valueLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(value) || parser.parseRParen())
    return failure();
  Attribute scalar = normalizeScalar(value);
  if (!scalar)
    return parser.emitError(valueLoc)
           << "expected a bool, integer (64-bit) or float value, got " << value;
  result.addAttribute("value", scalar);
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parseTensorResultType(parser, result, type))
    return failure();
  fillShapeAndDtypeFromType(parser, result, type, "shape");
  return success();
}

void FullOp::print(OpAsmPrinter &p) {
  p << "(";
  Attribute value = getValue();
  // Non-finite floats print in hex, which only reads back with its type.
  auto floatValue = dyn_cast<FloatAttr>(value);
  if (floatValue && !floatValue.getValue().isFinite())
    p.printAttribute(value);
  else
    p.printAttributeWithoutType(value);
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          elidedShapeAndDtype(*this, getType(), "value", "shape"));
  p << " : " << getType();
}

LogicalResult FullOp::verify() {
  BaseTensorType type = getType();
  if (!cast<ShapedType>(type).hasStaticShape())
    return emitOpError() << "result type must have a static shape, got "
                         << type << " (use full_with_tensor for run-time shapes)";
  if (failed(verifyShapeMatches(*this, getShape(), type)) ||
      failed(verifyDtypeMatches(*this, getDtype(), type)))
    return failure();
  auto floatValue = dyn_cast<FloatAttr>(getValue());
  if (floatValue && !floatValue.getValue().isFinite() &&
      !isa<FloatType, ComplexType>(type.getElementType()))
    return emitOpError() << "value "
                         << (floatValue.getValue().isNaN()        ? "nan"
                             : floatValue.getValue().isNegative() ? "-inf"
                                                                  : "inf")
                         << " is not representable in dtype "
                         << dtypeName(getDtype());
  return success();
}

void FullOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addAllocEffectIfAliasing(*this, effects);
}

//===----------------------------------------------------------------------===//
// FullIntArrayOp: `pd.full_int_array [0, -1] : !pd.vtensor<2xi64>`
//===----------------------------------------------------------------------===//

void FullIntArrayOp::build(OpBuilder &builder, OperationState &state,
                           ArrayRef<int64_t> value, Type type,
                           PlaceAttr place) {
  auto tensorType = cast<BaseTensorType>(type);
  std::optional<DataType> dtype =
      dataTypeFromElementType(tensorType.getElementType());
  assert(dtype && "pd.full_int_array needs an integer element type");
  build(builder, state, type, builder.getDenseI64ArrayAttr(value),
        DataTypeAttr::get(builder.getContext(), *dtype), place);
}

ParseResult FullIntArrayOp::parse(OpAsmParser &parser,
                                  OperationState &result) {
  SmallVector<int64_t> values;
  BaseTensorType type;
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&]() {
        return parser.parseInteger(values.emplace_back());
      }))
    return failure();
  result.addAttribute("value", parser.getBuilder().getDenseI64ArrayAttr(values));
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parseTensorResultType(parser, result, type))
    return failure();
  fillShapeAndDtypeFromType(parser, result, type, /*shapeAttrName=*/"");
  return success();
}

void FullIntArrayOp::print(OpAsmPrinter &p) {
  p << " [";
  llvm::interleaveComma(getValue(), p);
  p << "]";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          elidedShapeAndDtype(*this, getType(), "value", ""));
  p << " : " << getType();
}

LogicalResult FullIntArrayOp::verify() {
  BaseTensorType type = getType();
  int64_t size = getValue().size();
  if (type.getRank() != 1 || (!ShapedType::isDynamic(type.getShape()[0]) &&
                              type.getShape()[0] != size))
    return emitOpError() << "result type " << type
                         << " must be a 1-D tensor of " << size << " elements";
  if (!isa<IntegerType>(type.getElementType()) ||
      type.getElementType().isInteger(1))
    return emitOpError() << "result element type must be an integer type, got "
                         << type.getElementType();
  return verifyDtypeMatches(*this, getDtype(), type);
}

void FullIntArrayOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addAllocEffectIfAliasing(*this, effects);
}

//===----------------------------------------------------------------------===//
// Tensor lists
//===----------------------------------------------------------------------===//

LogicalResult CombineOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  SmallVector<Type> types(operands.getTypes());
  inferredReturnTypes.push_back(VecType::get(context, types));
  return success();
}

LogicalResult BuiltinSplitOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  auto vec = dyn_cast<VecType>(operands[0].getType());
  if (!vec)
    return emitOptionalError(location, "expected a !pd.vec operand, got ",
                             operands[0].getType());
  llvm::append_range(inferredReturnTypes, vec.getElementTypes());
  return success();
}

LogicalResult BuiltinSliceOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto vec = dyn_cast<VecType>(adaptor.getInput().getType());
  if (!vec)
    return emitOptionalError(location, "expected a !pd.vec operand, got ",
                             adaptor.getInput().getType());
  int64_t index = adaptor.getIndex();
  int64_t size = vec.getElementTypes().size();
  if (index < 0 || index >= size)
    return emitOptionalError(location, "'pd.builtin_slice' op index ", index,
                             " is out of range for a list of ", size,
                             " tensors");
  inferredReturnTypes.push_back(vec.getElementTypes()[index]);
  return success();
}

LogicalResult BuiltinSplitOp::fold(FoldAdaptor adaptor,
                                   SmallVectorImpl<OpFoldResult> &results) {
  auto combine = getInput().getDefiningOp<CombineOp>();
  if (!combine)
    return failure();
  llvm::append_range(results, combine.getInputs());
  return success();
}

OpFoldResult BuiltinSliceOp::fold(FoldAdaptor adaptor) {
  auto combine = getInput().getDefiningOp<CombineOp>();
  if (!combine)
    return {};
  return combine.getInputs()[getIndex()];
}

//===----------------------------------------------------------------------===//
// Aliasing <-> value semantics
//===----------------------------------------------------------------------===//

LogicalResult ToVTensorOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  auto type = dyn_cast<TensorType>(operands[0].getType());
  if (!type)
    return emitOptionalError(location, "'pd.to_vtensor' op expects a "
                                       "!pd.tensor operand, got ",
                             operands[0].getType());
  inferredReturnTypes.push_back(type.getWithValueSemantics());
  return success();
}

LogicalResult ToTensorOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  auto type = dyn_cast<VTensorType>(operands[0].getType());
  if (!type)
    return emitOptionalError(location, "'pd.to_tensor' op expects a "
                                       "!pd.vtensor operand, got ",
                             operands[0].getType());
  inferredReturnTypes.push_back(type.getWithoutValueSemantics());
  return success();
}

LogicalResult CopyToOp::verify() {
  BaseTensorType src = getSrc().getType();
  BaseTensorType dst = getDst().getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError() << "source element type " << src.getElementType()
                         << " differs from destination element type "
                         << dst.getElementType();
  if (!areShapesCompatible(src.getShape(), dst.getShape()))
    return emitOpError() << "source shape " << shapeToString(src.getShape())
                         << " is incompatible with destination shape "
                         << shapeToString(dst.getShape());
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

/// A one-element bool tensor: Paddle's condition.
static LogicalResult verifyCondition(Operation *op, Type type, StringRef what) {
  auto t = cast<BaseTensorType>(type);
  auto shaped = cast<ShapedType>(t);
  if (!t.getElementType().isInteger(1) ||
      (shaped.hasStaticShape() && shaped.getNumElements() != 1))
    return op->emitOpError() << what
                             << " must be a one-element bool tensor, got "
                             << type;
  return success();
}

/// The types a region yields fit `expected` (the op's types).
static LogicalResult verifyYielded(Operation *op, TypeRange yielded,
                                   TypeRange expected, StringRef what) {
  if (yielded.size() != expected.size())
    return op->emitOpError() << what << " yields " << yielded.size()
                             << " values, expected " << expected.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(yielded, expected))) {
    auto [got, want] = pair;
    auto g = cast<BaseTensorType>(got);
    auto w = cast<BaseTensorType>(want);
    if (g.getElementType() != w.getElementType() ||
        !areShapesCompatible(g.getShape(), w.getShape()))
      return op->emitOpError()
             << what << " yields " << got << " as value #" << i
             << ", which does not fit " << want;
  }
  return success();
}

/// The pd.yield ending `region`'s block, or null (an empty region, a block
/// whose last op is no terminator: Block::getTerminator asserts on those,
/// and a verifier must not).
static YieldOp yieldOf(Region &region) {
  if (region.empty() || region.front().empty())
    return {};
  return dyn_cast<YieldOp>(&region.front().back());
}

LogicalResult IfOp::verify() {
  if (failed(verifyCondition(*this, getCond().getType(), "cond")))
    return failure();
  for (auto [region, name] : {std::make_pair(&getThenRegion(), "then region"),
                              std::make_pair(&getElseRegion(), "else region")}) {
    YieldOp yield = yieldOf(*region);
    if (!yield)
      return emitOpError() << "the " << name << " must end in pd.yield";
    if (failed(verifyYielded(*this, yield.getOperandTypes(), getResultTypes(),
                             name)))
      return failure();
  }
  return success();
}

LogicalResult WhileOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  // The results are the loop-carried values: the body arguments' types
  // (which may be less static than the initial inputs when the loop changes
  // shapes).
  if (!regions.empty() && !regions.front()->empty() &&
      regions.front()->front().getNumArguments() == operands.size() - 1) {
    llvm::append_range(inferredReturnTypes,
                       regions.front()->front().getArgumentTypes());
    return success();
  }
  llvm::append_range(inferredReturnTypes, operands.drop_front().getTypes());
  return success();
}

LogicalResult WhileOp::verify() {
  if (failed(verifyCondition(*this, getCond().getType(), "cond")))
    return failure();
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments for " << getInputs().size()
                         << " loop-carried values";
  // Inputs may be more static than the carried types (shape refinement).
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip_equal(body.getArgumentTypes(), getInputs().getTypes()))) {
    auto arg = dyn_cast<BaseTensorType>(std::get<0>(pair));
    auto in = dyn_cast<BaseTensorType>(std::get<1>(pair));
    if (!arg || !in || arg.getElementType() != in.getElementType() ||
        arg.hasValueSemantics() != in.hasValueSemantics() ||
        !areShapesCompatible(arg.getShape(), in.getShape()))
      return emitOpError() << "body argument #" << i << " has type "
                           << std::get<0>(pair) << " but the loop carries "
                           << std::get<1>(pair);
  }
  YieldOp yield = yieldOf(getBody());
  if (!yield)
    return emitOpError() << "body must end in pd.yield";
  if (yield.getOperands().empty())
    return emitOpError() << "body must yield the next condition first";
  if (failed(verifyCondition(*this, yield.getOperands().front().getType(),
                             "the yielded condition")))
    return failure();
  // After the condition come the next loop-carried values.
  return verifyYielded(*this, TypeRange(yield.getOperandTypes()).drop_front(),
                       getInputs().getTypes(), "body");
}

LogicalResult FusionGroupOp::verify() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments for " << getInputs().size() << " inputs";
  // Compatible types: shape refinement may make either side more static.
  if (failed(verifyYielded(*this, getInputs().getTypes(), body.getArgumentTypes(),
                           "input list")))
    return failure();
  YieldOp yield = yieldOf(getBody());
  if (!yield)
    return emitOpError() << "body must end in pd.yield";
  return verifyYielded(*this, yield.getOperandTypes(), getResultTypes(), "body");
}

} // namespace mlir::pd

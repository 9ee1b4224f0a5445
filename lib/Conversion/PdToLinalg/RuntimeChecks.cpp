//===- RuntimeChecks.cpp - checks of values only known at run time ---------===//
//
// A gather whose indices come from the model's inputs (token ids into an
// embedding table) must not read outside its table whatever the inputs are.
// The lowering checks such values in a loop of their own, before the op that
// uses them: a bad value calls `pdm_runtime_error(site, value, bound)` (the
// runtime, backend/runtime/runtime_errors.c, keeps the first one) and is
// replaced by a valid one, so the computation finishes without reading out of
// bounds; the caller then gets the error instead of the outputs. `site`
// indexes the module's `pd.runtime_checks`, one message per check ("pd.embedding
// at model.json:op 12: id {value} out of range [0, {bound})"), which the
// runtime formats. With the pass's runtime-checks=false none of this is
// emitted (trusted inputs only).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

constexpr StringLiteral kRuntimeError = "pdm_runtime_error";

/// `loc("model.json:op 12")` -> `model.json:op 12`.
std::string locationText(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  StringRef s(text);
  if (s.consume_front("loc(") && s.consume_back(")"))
    text = s.str();
  llvm::erase(text, '"');
  return text;
}

/// The declaration of the runtime's error function in `module`.
func::FuncOp runtimeErrorFunction(ModuleOp module) {
  if (auto fn = module.lookupSymbol<func::FuncOp>(kRuntimeError))
    return fn;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Type i64 = b.getI64Type();
  auto fn = func::FuncOp::create(b, module.getLoc(), kRuntimeError,
                                 b.getFunctionType({i64, i64, i64}, {}));
  fn.setPrivate();
  return fn;
}

} // namespace

int64_t mlir::pd::lowering::registerRuntimeCheck(Operation *op, StringRef what) {
  auto module = op->getParentOfType<ModuleOp>();
  SmallVector<Attribute> sites;
  if (auto existing = module->getAttrOfType<ArrayAttr>(kRuntimeChecksAttr))
    llvm::append_range(sites, existing.getValue());
  std::string message =
      (op->getName().getStringRef() + " at " + locationText(op->getLoc()) + ": " + what).str();
  sites.push_back(StringAttr::get(op->getContext(), message));
  module->setAttr(kRuntimeChecksAttr, ArrayAttr::get(op->getContext(), sites));
  return static_cast<int64_t>(sites.size()) - 1;
}

Value mlir::pd::lowering::checkedIndices(Lowerer &l, Location loc, Operation *op, Value indices,
                                          bool isUnsigned, bool wrapNegative,
                                          function_ref<Value(OpBuilder &, Location, ValueRange)> bound,
                                          StringRef what) {
  OpBuilder &b = l.b;
  auto type = cast<RankedTensorType>(indices.getType());
  bool check = l.runtimeChecks;
  int64_t site = check ? registerRuntimeCheck(op, what) : -1;
  func::FuncOp report = check ? runtimeErrorFunction(op->getParentOfType<ModuleOp>()) : nullptr;
  int64_t rank = type.getRank();
  MLIRContext *ctx = b.getContext();
  Value init = tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, indices),
                                       b.getIndexType());
  SmallVector<AffineMap> maps(2, AffineMap::getMultiDimIdentityMap(rank, ctx));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{indices}, ValueRange{init}, maps,
             iters,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               Value raw = args[0];
               Value i = raw;
               if (!raw.getType().isIndex() && isUnsigned)
                 i = arith::IndexCastUIOp::create(nb, nl, nb.getIndexType(), raw);
               else if (!raw.getType().isIndex())
                 i = arith::IndexCastOp::create(nb, nl, nb.getIndexType(), raw);
               // The bound (of the element's position) only where it is
               // read: unchecked ids that cannot be negative need none.
               Value n;
               if (check || wrapNegative) {
                 SmallVector<Value> ivs;
                 for (int64_t d = 0; d < rank; ++d)
                   ivs.push_back(linalg::IndexOp::create(nb, nl, d));
                 n = bound(nb, nl, ivs);
               }
               Value j = i;
               if (wrapNegative) {
                 Value neg = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, i,
                                                    arith::ConstantIndexOp::create(nb, nl, 0));
                 j = arith::SelectOp::create(nb, nl, neg, arith::AddIOp::create(nb, nl, i, n), i);
               }
               if (!check) {
                 linalg::YieldOp::create(nb, nl, ValueRange{j});
                 return;
               }
               Value zero = arith::ConstantIndexOp::create(nb, nl, 0);
               // One unsigned compare: negative values are huge.
               Value ok = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ult, j, n);
               Value bad = arith::XOrIOp::create(
                   nb, nl, ok, arith::ConstantIntOp::create(nb, nl, nb.getI1Type(), 1));
               scf::IfOp::create(nb, nl, bad, [&](OpBuilder &tb, Location tl) {
                 Type i64 = tb.getI64Type();
                 Value value = arith::IndexCastOp::create(tb, tl, i64, i);
                 Value limit = arith::IndexCastOp::create(tb, tl, i64, n);
                 Value where = arith::ConstantIntOp::create(tb, tl, i64, site);
                 func::CallOp::create(tb, tl, report, ValueRange{where, value, limit});
                 scf::YieldOp::create(tb, tl);
               });
               linalg::YieldOp::create(nb, nl, ValueRange{arith::SelectOp::create(nb, nl, ok, j, zero)});
             })
      .getResult(0);
}

void mlir::pd::lowering::reportIf(OpBuilder &b, Location loc, Operation *op, int64_t site,
                                  Value bad) {
  func::FuncOp report = runtimeErrorFunction(op->getParentOfType<ModuleOp>());
  scf::IfOp::create(b, loc, bad, [&](OpBuilder &tb, Location tl) {
    Type i64 = tb.getI64Type();
    Value where = arith::ConstantIntOp::create(tb, tl, i64, site);
    Value none = arith::ConstantIntOp::create(tb, tl, i64, 0);
    func::CallOp::create(tb, tl, report, ValueRange{where, none, none});
    scf::YieldOp::create(tb, tl);
  });
}

Value mlir::pd::lowering::checkedDivisors(Lowerer &l, Location loc, Operation *op,
                                           Value divisors) {
  if (!l.runtimeChecks)
    return divisors;
  OpBuilder &b = l.b;
  auto type = cast<RankedTensorType>(divisors.getType());
  auto elem = dyn_cast<IntegerType>(type.getElementType());
  if (!elem)
    return divisors;
  // Constant divisors are checked here, at compile time.
  DenseIntElementsAttr constant;
  if (matchPattern(divisors, m_Constant(&constant)) &&
      llvm::none_of(constant.getValues<APInt>(), [](const APInt &v) { return v.isZero(); }))
    return divisors;
  int64_t site = registerRuntimeCheck(op, "integer division by zero");
  int64_t rank = type.getRank();
  Value init = tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, divisors), elem);
  SmallVector<AffineMap> maps(2, AffineMap::getMultiDimIdentityMap(rank, b.getContext()));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{divisors}, ValueRange{init}, maps,
             iters,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               Value zero = arith::ConstantIntOp::create(nb, nl, elem, 0);
               Value one = arith::ConstantIntOp::create(nb, nl, elem, 1);
               Value isZero = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, args[0], zero);
               reportIf(nb, nl, op, site, isZero);
               linalg::YieldOp::create(nb, nl,
                                       ValueRange{arith::SelectOp::create(nb, nl, isZero, one, args[0])});
             })
      .getResult(0);
}

//===- Elementwise.cpp - unary, binary, compare and activation lowerings --===//
//
// Each op is one broadcasting linalg.generic whose body is built from a
// scalar formula; the tables below map op names to those formulas.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"
#include "mlir/Dialect/Traits.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

FailureOr<Arith> mlir::pd::lowering::arithFor(Operation *op, OpBuilder &b, Value pdInput,
                                               Domain domain) {
  Type pdElem = pdElementType(pdInput);
  Type elem = loweredElementType(pdElem);
  if (isa<ComplexType>(pdElem))
    return op->emitOpError() << "complex element types are not supported by "
                                "the CPU lowering";
  if (domain == Domain::Float && !isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element "
                                "types here, got "
                             << pdElem;
  if (domain == Domain::Number && isBool(pdElem))
    return op->emitOpError() << "is not defined on bool tensors";
  return Arith{b, op->getLoc(), elem, isUnsigned(pdElem)};
}

namespace {

/// A unary formula: `x` is the element in the op's element type.
using UnaryFn = std::function<Value(const Arith &a, Value x, Operation *op)>;

struct UnaryEntry {
  UnaryFn fn;
  Domain domain;
};

template <typename MathOp>
UnaryEntry mathUnary() {
  return {[](const Arith &a, Value x, Operation *) -> Value {
            return MathOp::create(a.b, a.loc, x);
          },
          Domain::Float};
}

//===----------------------------------------------------------------------===//
// Special functions (float64 inside, for float32 accuracy)
//===----------------------------------------------------------------------===//

/// lgamma for x > 0 via the Lanczos approximation (g = 7, n = 9),
/// shifted by 6 so the series is accurate.
Value lgammaPositive(const Arith &a, Value x) {
  static const double coeffs[] = {
      0.99999999999980993,  676.5203681218851,   -1259.1392167224028,
      771.32342877765313,   -176.61502916214059, 12.507343278686905,
      -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
  // lgamma(x) = lgamma(x + 6) - log(x (x+1) ... (x+5))
  Value prod = a.c(1);
  Value shifted = x;
  for (int k = 0; k < 6; ++k) {
    prod = a.mul(prod, shifted);
    shifted = a.add(shifted, a.c(1));
  }
  // Lanczos for z = shifted - 1: gamma(z+1).
  Value z = a.sub(shifted, a.c(1));
  Value sum = a.c(coeffs[0]);
  for (int i = 1; i < 9; ++i)
    sum = a.add(sum, a.div(a.c(coeffs[i]), a.add(z, a.c(i))));
  Value t = a.add(z, a.c(7.5));
  Value logT = math::LogOp::create(a.b, a.loc, t);
  Value r = a.add(a.c(0.5 * std::log(2 * M_PI)),
                  a.mul(a.add(z, a.c(0.5)), logT));
  r = a.sub(r, t);
  r = a.add(r, math::LogOp::create(a.b, a.loc, sum));
  return a.sub(r, math::LogOp::create(a.b, a.loc, prod));
}

Value lgammaF64(const Arith &a, Value x) {
  // Reflection for x < 0.5: lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1-x).
  Value pos = lgammaPositive(a, a.select(a.lt(x, a.c(0.5)), a.sub(a.c(1), x), x));
  Value s = math::AbsFOp::create(
      a.b, a.loc, math::SinOp::create(a.b, a.loc, a.mul(a.c(M_PI), x)));
  Value refl = a.sub(math::LogOp::create(a.b, a.loc, a.div(a.c(M_PI), s)), pos);
  Value r = a.select(a.lt(x, a.c(0.5)), refl, pos);
  // Poles (0, -1, -2, ...) and +-inf give +inf, as C's lgamma.
  Value inf = maxValue(a.b, a.loc, a.type);
  Value pole = arith::AndIOp::create(
      a.b, a.loc,
      arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OLE, x, a.c(0)),
      arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OEQ, x,
                            math::FloorOp::create(a.b, a.loc, x)));
  Value isInf = arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OEQ,
                                      a.abs(x), inf);
  return a.select(arith::OrIOp::create(a.b, a.loc, pole, isInf), inf, r);
}

Value digammaF64(const Arith &a, Value x) {
  // Reflection: psi(x) = psi(1 - x) - pi / tan(pi x) for x < 0.5.
  Value neg = a.lt(x, a.c(0.5));
  Value y = a.select(neg, a.sub(a.c(1), x), x);
  // psi(y) = psi(y + 6) - sum 1/(y + k), then the asymptotic series.
  Value acc = a.c(0);
  Value s = y;
  for (int k = 0; k < 6; ++k) {
    acc = a.add(acc, a.div(a.c(1), s));
    s = a.add(s, a.c(1));
  }
  Value inv = a.div(a.c(1), s);
  Value inv2 = a.mul(inv, inv);
  // ln s - 1/(2s) - 1/(12 s^2) + 1/(120 s^4) - 1/(252 s^6) + 1/(240 s^8)
  Value series = a.mul(
      inv2, a.sub(a.c(1.0 / 12),
                  a.mul(inv2, a.sub(a.c(1.0 / 120),
                                    a.mul(inv2, a.sub(a.c(1.0 / 252),
                                                      a.mul(inv2, a.c(1.0 / 240))))))));
  Value psi = a.sub(a.sub(math::LogOp::create(a.b, a.loc, s), a.mul(a.c(0.5), inv)),
                    series);
  psi = a.sub(psi, acc);
  Value piX = a.mul(a.c(M_PI), x);
  Value refl = a.sub(psi, a.div(a.c(M_PI), math::TanOp::create(a.b, a.loc, piX)));
  return a.select(neg, refl, psi);
}

/// erfinv: Giles' approximation refined by two Newton steps on erf.
Value erfinvF64(const Arith &a, Value x) {
  Value w = a.neg(math::LogOp::create(
      a.b, a.loc, a.mul(a.sub(a.c(1), x), a.add(a.c(1), x))));
  auto poly = [&](Value t, ArrayRef<double> cs) {
    Value p = a.c(cs[0]);
    for (double coef : cs.drop_front())
      p = a.add(a.mul(p, t), a.c(coef));
    return p;
  };
  Value small = a.lt(w, a.c(5));
  Value t1 = a.sub(w, a.c(2.5));
  Value p1 = poly(t1, {2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                       -4.39150654e-06, 0.00021858087, -0.00125372503,
                       -0.00417768164, 0.246640727, 1.50140941});
  Value t2 = a.sub(math::SqrtOp::create(a.b, a.loc, w), a.c(3));
  Value p2 = poly(t2, {-0.000200214257, 0.000100950558, 0.00134934322,
                       -0.00367342844, 0.00573950773, -0.0076224613,
                       0.00943887047, 1.00167406, 2.83297682});
  Value r = a.mul(a.select(small, p1, p2), x);
  // Newton: r -= (erf(r) - x) / (2/sqrt(pi) exp(-r^2)).
  for (int i = 0; i < 2; ++i) {
    Value err = a.sub(math::ErfOp::create(a.b, a.loc, r), x);
    Value d = a.mul(a.c(2 / std::sqrt(M_PI)), a.exp(a.neg(a.mul(r, r))));
    r = a.sub(r, a.div(err, d));
  }
  // |x| == 1 -> +-inf (Newton would give nan).
  Value one = arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OEQ,
                                    a.abs(x), a.c(1));
  Value inf = a.mul(x, maxValue(a.b, a.loc, a.type));
  return a.select(one, inf, r);
}

/// Modified Bessel functions of the first kind, orders 0 and 1, as PHI
/// computes them (Cephes i0.c / i1.c): Chebyshev series for exp(-|x|) I(x)
/// on [0, 8] and for exp(-|x|) sqrt(|x|) I(x) beyond, evaluated with
/// Clenshaw's recurrence. Both series are evaluated and one selected (no
/// branch: the formulas vectorize). `scaled`: the exponentially scaled
/// variants i0e / i1e.
Value chebyshevSeries(const Arith &a, Value y, ArrayRef<double> coeffs) {
  Value b0 = a.c(coeffs.front()), b1 = a.c(0), b2 = a.c(0);
  for (double coef : coeffs.drop_front()) {
    b2 = b1;
    b1 = b0;
    b0 = a.add(a.sub(a.mul(y, b1), b2), a.c(coef));
  }
  return a.mul(a.c(0.5), a.sub(b0, b2));
}

Value besselI(const Arith &a, Value x, int order, bool scaled) {
  // exp(-x) I0(x) on [0, 8], in y = x / 2 - 2.
  static const double i0Small[] = {
      -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16,
      1.71539128555513303061E-15,  -1.16853328779934516808E-14, 7.67618549860493561688E-14,
      -4.85644678311192946090E-13, 2.95505266312963983461E-12, -1.72682629144155570723E-11,
      9.67580903537323691224E-11,  -5.18979560163526290666E-10, 2.65982372468238665035E-9,
      -1.30002500998624804212E-8,  6.04699502254191894932E-8,  -2.67079385394061173391E-7,
      1.11738753912010371815E-6,   -4.41673835845875056359E-6, 1.64484480707288970893E-5,
      -5.75419501008210370398E-5,  1.88502885095841655729E-4,  -5.76375574538582365885E-4,
      1.63947561694133579842E-3,   -4.32430999505057594430E-3, 1.05464603945949983183E-2,
      -2.37374148058994688156E-2,  4.93052842396707084878E-2,  -9.49010970480476444210E-2,
      1.71620901522208775349E-1,   -3.04682672343198398683E-1, 6.76795274409476084995E-1};
  // exp(-x) sqrt(x) I0(x) beyond 8, in y = 32 / x - 2.
  static const double i0Large[] = {
      -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,
      3.46122286769746109310E-17,  -2.82762398051658348494E-16, -3.42548561967721913462E-16,
      1.77256013305652638360E-15,  3.81168066935262242075E-15,  -9.55484669882830764870E-15,
      -4.15056934728722208663E-14, 1.54008621752140982691E-14,  3.85277838274214270114E-13,
      7.18012445138366623367E-13,  -1.79417853150680611778E-12, -1.32158118404477131188E-11,
      -3.14991652796324136454E-11, 1.18891471078464383424E-11,  4.94060238822496958910E-10,
      3.39623202570838634515E-9,   2.26666899049817806459E-8,   2.04891858946906374183E-7,
      2.89137052083475648297E-6,   6.88975834691682398426E-5,   3.36911647825569408990E-3,
      8.04490411014108831608E-1};
  // exp(-x) I1(x) / x on [0, 8].
  static const double i1Small[] = {
      2.77791411276104639959E-18,  -2.11142121435816608115E-17, 1.55363195773620046921E-16,
      -1.10559694773538630805E-15, 7.60068429473540693410E-15,  -5.04218550472791168711E-14,
      3.22379336594557470981E-13,  -1.98397439776494371520E-12, 1.17361862988909016308E-11,
      -6.66348972350202774223E-11, 3.62559028155211703701E-10,  -1.88724975172282928790E-9,
      9.38153738649577178388E-9,   -4.44505912879632808065E-8,  2.00329475355213526229E-7,
      -8.56872026469545474066E-7,  3.47025130813767847674E-6,   -1.32731636560394358279E-5,
      4.78156510755005422638E-5,   -1.61760815825896745588E-4,  5.12285956168575772895E-4,
      -1.51357245063125314899E-3,  4.15642294431288815669E-3,   -1.05640848946261981558E-2,
      2.47264490306265168283E-2,   -5.29459812080949914269E-2,  1.02643658689847095384E-1,
      -1.76416518357834055153E-1,  2.52587186443633654823E-1};
  // exp(-x) sqrt(x) I1(x) beyond 8.
  static const double i1Large[] = {
      7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17,
      -3.20952592199342395980E-17, 2.96262899764595013876E-16,  3.30820231092092828324E-16,
      -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
      4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
      -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,
      3.25260358301548823856E-11,  -1.89749581235054123450E-11, -5.58974346219658380687E-10,
      -3.83538038596423702205E-9,  -2.63146884688951950684E-8,  -2.51223623787020892529E-7,
      -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
      7.78576235018280120474E-1};
  Value ax = a.abs(x);
  Value small = chebyshevSeries(a, a.sub(a.mul(ax, a.c(0.5)), a.c(2)),
                                order == 0 ? ArrayRef<double>(i0Small) : ArrayRef<double>(i1Small));
  if (order == 1)
    small = a.mul(small, ax);
  Value large = a.div(chebyshevSeries(a, a.sub(a.div(a.c(32), ax), a.c(2)),
                                      order == 0 ? ArrayRef<double>(i0Large)
                                                 : ArrayRef<double>(i1Large)),
                      math::SqrtOp::create(a.b, a.loc, ax));
  Value r = a.select(arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OLE, ax, a.c(8)),
                     small, large);
  if (!scaled)
    r = a.mul(a.exp(ax), r);
  // I1 is odd (a NaN stays NaN: the comparison is false).
  return order == 1 ? a.select(a.lt(x, a.c(0)), a.neg(r), r) : r;
}

Value besselI0(const Arith &a, Value x) { return besselI(a, x, 0, false); }
Value besselI0e(const Arith &a, Value x) { return besselI(a, x, 0, true); }
Value besselI1(const Arith &a, Value x) { return besselI(a, x, 1, false); }
Value besselI1e(const Arith &a, Value x) { return besselI(a, x, 1, true); }

/// Wraps a float64 formula for any float element type.
UnaryEntry viaF64(Value (*fn)(const Arith &, Value)) {
  return {[fn](const Arith &a, Value x, Operation *) -> Value {
            Type f64 = a.b.getF64Type();
            Arith a64{a.b, a.loc, f64};
            Value r = fn(a64, castScalar(a.b, a.loc, x, f64));
            return castScalar(a.b, a.loc, r, a.type);
          },
          Domain::Float};
}

const llvm::StringMap<UnaryEntry> &unaryTable() {
  static const llvm::StringMap<UnaryEntry> table = [] {
    llvm::StringMap<UnaryEntry> t;
    t["pd.acos"] = mathUnary<math::AcosOp>();
    t["pd.acosh"] = mathUnary<math::AcoshOp>();
    t["pd.asin"] = mathUnary<math::AsinOp>();
    t["pd.asinh"] = mathUnary<math::AsinhOp>();
    t["pd.atan"] = mathUnary<math::AtanOp>();
    t["pd.atanh"] = mathUnary<math::AtanhOp>();
    t["pd.cos"] = mathUnary<math::CosOp>();
    t["pd.cosh"] = mathUnary<math::CoshOp>();
    t["pd.exp"] = mathUnary<math::ExpOp>();
    t["pd.expm1"] = mathUnary<math::ExpM1Op>();
    t["pd.log"] = mathUnary<math::LogOp>();
    t["pd.log10"] = mathUnary<math::Log10Op>();
    t["pd.log1p"] = mathUnary<math::Log1pOp>();
    t["pd.log2"] = mathUnary<math::Log2Op>();
    t["pd.rsqrt"] = mathUnary<math::RsqrtOp>();
    t["pd.sin"] = mathUnary<math::SinOp>();
    t["pd.sinh"] = mathUnary<math::SinhOp>();
    t["pd.sqrt"] = mathUnary<math::SqrtOp>();
    t["pd.tan"] = mathUnary<math::TanOp>();
    t["pd.tanh"] = mathUnary<math::TanhOp>();
    t["pd.erf"] = mathUnary<math::ErfOp>();
    t["pd.erfinv"] = viaF64(erfinvF64);
    t["pd.lgamma"] = viaF64(lgammaF64);
    t["pd.gammaln"] = viaF64(lgammaF64); // Paddle's other name for lgamma
    t["pd.digamma"] = viaF64(digammaF64);
    t["pd.i0"] = viaF64(besselI0);
    t["pd.i0e"] = viaF64(besselI0e);
    t["pd.i1"] = viaF64(besselI1);
    t["pd.i1e"] = viaF64(besselI1e);
    // Rounding is the identity on integers.
    auto rounding = [](auto makeOp) {
      return UnaryEntry{[makeOp](const Arith &a, Value x, Operation *op) -> Value {
                          if (!a.isFloat())
                            return x;
                          return makeOp(a, x, op);
                        },
                        Domain::Number};
    };
    t["pd.ceil"] = rounding([](const Arith &a, Value x, Operation *) -> Value {
      return math::CeilOp::create(a.b, a.loc, x);
    });
    t["pd.floor"] = rounding([](const Arith &a, Value x, Operation *) -> Value {
      return math::FloorOp::create(a.b, a.loc, x);
    });
    t["pd.trunc"] = rounding([](const Arith &a, Value x, Operation *) -> Value {
      return math::TruncOp::create(a.b, a.loc, x);
    });
    // rint: half to even (round keeps Paddle's half away from zero).
    t["pd.rint"] = rounding([](const Arith &a, Value x, Operation *) -> Value {
      return math::RoundEvenOp::create(a.b, a.loc, x);
    });
    // Paddle rounds half away from zero, at `decimals` digits.
    t["pd.round"] = rounding([](const Arith &a, Value x, Operation *op) -> Value {
      int64_t decimals = attrInt(op, "decimals", 0);
      if (decimals == 0)
        return math::RoundOp::create(a.b, a.loc, x);
      Value s = a.c(std::pow(10.0, (double)decimals));
      return a.div(math::RoundOp::create(a.b, a.loc, a.mul(x, s)), s);
    });
    t["pd.abs"] = {[](const Arith &a, Value x, Operation *) { return a.abs(x); },
                   Domain::Number};
    t["pd.square"] = {[](const Arith &a, Value x, Operation *) { return a.mul(x, x); },
                      Domain::Number};
    t["pd.sign"] = {[](const Arith &a, Value x, Operation *) {
                      return a.select(a.gt(x, a.c(0)), a.c(1),
                                      a.select(a.lt(x, a.c(0)), a.c(-1), a.c(0)));
                    },
                    Domain::Number};
    t["pd.reciprocal"] = {[](const Arith &a, Value x, Operation *) {
                            return a.div(a.c(1), x);
                          },
                          Domain::Number};
    t["pd.sigmoid"] = {[](const Arith &a, Value x, Operation *) { return a.sigmoid(x); },
                       Domain::Float};
    t["pd.relu"] = {[](const Arith &a, Value x, Operation *) { return a.max(x, a.c(0)); },
                    Domain::Number};
    t["pd.relu6"] = {[](const Arith &a, Value x, Operation *) {
                       return a.min(a.max(x, a.c(0)), a.c(6));
                     },
                     Domain::Number};
    UnaryEntry silu{[](const Arith &a, Value x, Operation *) { return a.silu(x); },
                    Domain::Float};
    t["pd.silu"] = silu;
    t["pd.swish"] = silu;
    t["pd.hardswish"] = {[](const Arith &a, Value x, Operation *) {
                           // x * relu6(x + 3) / 6 with the division, as Paddle computes
                           // it: a multiplication by 1/6 (within an ulp, 0.6% faster on
                           // PP-LCNet) changed PicoDet's sorted detections.
                           Value r6 = a.min(a.max(a.add(x, a.c(3)), a.c(0)), a.c(6));
                           return a.div(a.mul(x, r6), a.c(6));
                         },
                         Domain::Float};
    t["pd.hardsigmoid"] = {[](const Arith &a, Value x, Operation *op) {
                             Value y = a.add(a.mul(x, a.c(attrFloat(op, "slope", 0.2))),
                                             a.c(attrFloat(op, "offset", 0.5)));
                             return a.max(a.min(y, a.c(1)), a.c(0));
                           },
                           Domain::Float};
    t["pd.hardtanh"] = {[](const Arith &a, Value x, Operation *op) {
                          return a.min(a.max(x, a.c(attrFloat(op, "t_min", 0))),
                                       a.c(attrFloat(op, "t_max", 24)));
                        },
                        Domain::Float};
    t["pd.mish"] = {[](const Arith &a, Value x, Operation *op) {
                      Value thr = a.c(attrFloat(op, "lambda", 20));
                      Value sp = a.select(a.gt(x, thr), x, a.softplus(x));
                      return a.mul(x, a.tanh(sp));
                    },
                    Domain::Float};
    t["pd.softplus"] = {[](const Arith &a, Value x, Operation *op) {
                          Value beta = a.c(attrFloat(op, "beta", 1));
                          Value bx = a.mul(x, beta);
                          Value thr = a.c(attrFloat(op, "threshold", 20));
                          return a.select(a.gt(bx, thr), x, a.div(a.softplus(bx), beta));
                        },
                        Domain::Float};
    t["pd.softsign"] = {[](const Arith &a, Value x, Operation *) {
                          return a.div(x, a.add(a.c(1), a.abs(x)));
                        },
                        Domain::Float};
    t["pd.elu"] = {[](const Arith &a, Value x, Operation *op) {
                     Value alpha = a.c(attrFloat(op, "alpha", 1));
                     Value neg = a.mul(alpha, math::ExpM1Op::create(a.b, a.loc, x));
                     return a.select(a.gt(x, a.c(0)), x, neg);
                   },
                   Domain::Float};
    t["pd.celu"] = {[](const Arith &a, Value x, Operation *op) {
                      double alpha = attrFloat(op, "alpha", 1);
                      Value e = math::ExpM1Op::create(a.b, a.loc, a.div(x, a.c(alpha)));
                      return a.add(a.max(x, a.c(0)), a.min(a.mul(a.c(alpha), e), a.c(0)));
                    },
                    Domain::Float};
    t["pd.selu"] = {[](const Arith &a, Value x, Operation *op) {
                      Value scale = a.c(attrFloat(op, "scale", 1.0507009873554804934193349852946));
                      Value alpha = a.c(attrFloat(op, "alpha", 1.6732632423543772848170429916717));
                      Value neg = a.mul(alpha, math::ExpM1Op::create(a.b, a.loc, x));
                      return a.mul(scale, a.select(a.gt(x, a.c(0)), x, neg));
                    },
                    Domain::Float};
    t["pd.leaky_relu"] = {[](const Arith &a, Value x, Operation *op) {
                            Value slope = a.c(attrFloat(op, "negative_slope", 0.02));
                            return a.select(a.gt(x, a.c(0)), x, a.mul(x, slope));
                          },
                          Domain::Float};
    t["pd.gelu"] = {[](const Arith &a, Value x, Operation *op) {
                      Value half = a.mul(a.c(0.5), x);
                      if (attrBool(op, "approximate", false)) {
                        Value x3 = a.mul(a.mul(x, x), x);
                        Value inner = a.mul(a.c(std::sqrt(2 / M_PI)),
                                            a.add(x, a.mul(a.c(0.044715), x3)));
                        return a.mul(half, a.add(a.c(1), a.tanh(inner)));
                      }
                      Value e = math::ErfOp::create(a.b, a.loc, a.mul(x, a.c(M_SQRT1_2)));
                      return a.mul(half, a.add(a.c(1), e));
                    },
                    Domain::Float};
    t["pd.logsigmoid"] = {[](const Arith &a, Value x, Operation *) {
                            return a.neg(a.softplus(a.neg(x)));
                          },
                          Domain::Float};
    t["pd.tanh_shrink"] = {[](const Arith &a, Value x, Operation *) {
                             return a.sub(x, a.tanh(x));
                           },
                           Domain::Float};
    t["pd.softshrink"] = {[](const Arith &a, Value x, Operation *op) {
                            Value l = a.c(attrFloat(op, "threshold", 0.5));
                            Value nl = a.c(-attrFloat(op, "threshold", 0.5));
                            return a.select(a.gt(x, l), a.sub(x, l),
                                            a.select(a.lt(x, nl), a.add(x, l), a.c(0)));
                          },
                          Domain::Float};
    t["pd.hardshrink"] = {[](const Arith &a, Value x, Operation *op) {
                             Value l = a.c(attrFloat(op, "threshold", 0.5));
                             return a.select(a.gt(a.abs(x), l), x, a.c(0));
                           },
                           Domain::Float};
    t["pd.thresholded_relu"] = {[](const Arith &a, Value x, Operation *op) {
                                  Value thr = a.c(attrFloat(op, "threshold", 1));
                                  return a.select(a.gt(x, thr), x,
                                                  a.c(attrFloat(op, "value", 0)));
                                },
                                Domain::Float};
    t["pd.logit"] = {[](const Arith &a, Value x, Operation *op) {
                       double eps = attrFloat(op, "eps", 1e-6);
                       if (eps > 0)
                         x = a.min(a.max(x, a.c(eps)), a.c(1 - eps));
                       return Value(math::LogOp::create(a.b, a.loc,
                                                        a.div(x, a.sub(a.c(1), x))));
                     },
                     Domain::Float};
    t["pd.stanh"] = {[](const Arith &a, Value x, Operation *op) {
                       return a.mul(a.c(attrFloat(op, "scale_b", 1.7159)),
                                    a.tanh(a.mul(a.c(attrFloat(op, "scale_a", 0.67)), x)));
                     },
                     Domain::Float};
    t["pd.increment"] = {[](const Arith &a, Value x, Operation *op) {
                           return a.add(x, a.c(attrFloat(op, "value", 1)));
                         },
                         Domain::Number};
    t["pd.assign"] = {[](const Arith &, Value x, Operation *) { return x; },
                      Domain::Any};
    // conj of a real tensor is a copy (complex tensors have no CPU lowering).
    t["pd.conj"] = {[](const Arith &, Value x, Operation *) { return x; }, Domain::Number};
    // angle of a real number: pi where x < 0, else 0; NaN stays NaN.
    t["pd.angle"] = {[](const Arith &a, Value x, Operation *) {
                       Value isNan = arith::CmpFOp::create(a.b, a.loc,
                                                           arith::CmpFPredicate::UNO, x, x);
                       return a.select(a.lt(x, a.c(0)), a.c(M_PI),
                                       a.select(isNan, x, a.c(0)));
                     },
                     Domain::Float};
    t["pd.pow"] = {[](const Arith &a, Value x, Operation *op) -> Value {
                     double y = attrFloat(op, "y", 1);
                     if (!a.isFloat()) {
                       Type f64 = a.b.getF64Type();
                       Value fx = castScalar(a.b, a.loc, x, f64, a.isUnsignedInt);
                       Value p = math::PowFOp::create(a.b, a.loc, fx,
                                                      scalarConstant(a.b, a.loc, f64, y));
                       return castScalar(a.b, a.loc, p, a.type, false, a.isUnsignedInt);
                     }
                     if (y == 2)
                       return a.mul(x, x);
                     return math::PowFOp::create(a.b, a.loc, x, a.c(y));
                   },
                   Domain::Number};
    return t;
  }();
  return table;
}


LogicalResult lowerUnary(Operation *op, Lowerer &l) {
  const UnaryEntry &entry = unaryTable().lookup(op->getName().getStringRef());
  Value pdX = op->getOperand(0);
  FailureOr<Arith> a = arithFor(op, l.b, pdX, entry.domain);
  if (failed(a))
    return failure();
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  Value r = buildElementwise(
      l.b, op->getLoc(), outType, l.get(pdX),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Arith inner{nb, nloc, a->type, a->isUnsignedInt};
        return entry.fn(inner, args[0], op);
      });
  l.map(op->getResult(0), r);
  return success();
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

using BinaryFn = std::function<Value(const Arith &a, Value x, Value y)>;

struct BinaryEntry {
  BinaryFn fn;
  Domain domain;
};

/// Python-style modulo: the result has the divisor's sign.
Value pyRemainder(const Arith &a, Value x, Value y) {
  Value r;
  if (a.isFloat())
    r = arith::RemFOp::create(a.b, a.loc, x, y);
  else if (a.isUnsignedInt)
    return arith::RemUIOp::create(a.b, a.loc, x, y);
  else
    r = arith::RemSIOp::create(a.b, a.loc, x, y);
  Value nonzero = a.isFloat()
                      ? (Value)arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::UNE, r, a.c(0))
                      : (Value)arith::CmpIOp::create(a.b, a.loc, arith::CmpIPredicate::ne, r, a.c(0));
  Value signsDiffer = arith::XOrIOp::create(a.b, a.loc, a.lt(r, a.c(0)), a.lt(y, a.c(0)));
  Value fix = arith::AndIOp::create(a.b, a.loc, nonzero, signsDiffer);
  return a.select(fix, a.add(r, y), r);
}

const llvm::StringMap<BinaryEntry> &binaryTable() {
  static const llvm::StringMap<BinaryEntry> table = [] {
    llvm::StringMap<BinaryEntry> t;
    t["pd.add"] = {[](const Arith &a, Value x, Value y) { return a.add(x, y); },
                   Domain::Number};
    t["pd.subtract"] = {[](const Arith &a, Value x, Value y) { return a.sub(x, y); },
                        Domain::Number};
    t["pd.multiply"] = {[](const Arith &a, Value x, Value y) { return a.mul(x, y); },
                        Domain::Number};
    t["pd.divide"] = {[](const Arith &a, Value x, Value y) { return a.div(x, y); },
                      Domain::Number};
    t["pd.maximum"] = {[](const Arith &a, Value x, Value y) { return a.max(x, y); },
                       Domain::Number};
    t["pd.minimum"] = {[](const Arith &a, Value x, Value y) { return a.min(x, y); },
                       Domain::Number};
    t["pd.fmax"] = {[](const Arith &a, Value x, Value y) -> Value {
                      if (a.isFloat())
                        return arith::MaxNumFOp::create(a.b, a.loc, x, y);
                      return a.max(x, y);
                    },
                    Domain::Number};
    t["pd.fmin"] = {[](const Arith &a, Value x, Value y) -> Value {
                      if (a.isFloat())
                        return arith::MinNumFOp::create(a.b, a.loc, x, y);
                      return a.min(x, y);
                    },
                    Domain::Number};
    t["pd.elementwise_pow"] = {[](const Arith &a, Value x, Value y) -> Value {
                                 if (a.isFloat())
                                   return math::PowFOp::create(a.b, a.loc, x, y);
                                 return math::IPowIOp::create(a.b, a.loc, x, y);
                               },
                               Domain::Number};
    t["pd.floor_divide"] = {[](const Arith &a, Value x, Value y) -> Value {
                              if (a.isFloat())
                                return math::FloorOp::create(a.b, a.loc, a.div(x, y));
                              if (a.isUnsignedInt)
                                return arith::DivUIOp::create(a.b, a.loc, x, y);
                              return arith::FloorDivSIOp::create(a.b, a.loc, x, y);
                            },
                            Domain::Number};
    t["pd.remainder"] = {pyRemainder, Domain::Number};
    t["pd.heaviside"] = {[](const Arith &a, Value x, Value y) {
                           Value zero = a.c(0);
                           return a.select(a.lt(x, zero), zero,
                                           a.select(a.gt(x, zero), a.c(1), y));
                         },
                         Domain::Number};
    t["pd.copysign"] = {[](const Arith &a, Value x, Value y) -> Value {
                          return math::CopySignOp::create(a.b, a.loc, x, y);
                        },
                        Domain::Float};
    // The quotient rounded toward zero (C's integer division).
    t["pd.trunc_divide"] = {[](const Arith &a, Value x, Value y) -> Value {
                              if (a.isFloat())
                                return math::TruncOp::create(a.b, a.loc, a.div(x, y));
                              if (a.isUnsignedInt)
                                return arith::DivUIOp::create(a.b, a.loc, x, y);
                              return arith::DivSIOp::create(a.b, a.loc, x, y);
                            },
                            Domain::Number};
    // C's nextafter on the bits: the representable neighbour of x toward y.
    t["pd.nextafter"] = {[](const Arith &a, Value x, Value y) -> Value {
                           unsigned width = a.type.getIntOrFloatBitWidth();
                           Type bitsType = a.b.getIntegerType(width);
                           auto bits = [&](int64_t v) {
                             return arith::ConstantIntOp::create(a.b, a.loc, bitsType, v)
                                 .getResult();
                           };
                           Value xb = arith::BitcastOp::create(a.b, a.loc, bitsType, x);
                           // Away from zero (+1 on the magnitude) when y is
                           // beyond x on x's side of zero.
                           Value away = arith::XOrIOp::create(
                               a.b, a.loc, a.gt(y, x),
                               arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OLT, x,
                                                     a.c(0)));
                           Value step = arith::SelectOp::create(a.b, a.loc, away, bits(1), bits(-1));
                           Value next = arith::BitcastOp::create(
                               a.b, a.loc, a.type, arith::AddIOp::create(a.b, a.loc, xb, step));
                           // From zero: the smallest subnormal with y's sign.
                           Value tiny = math::CopySignOp::create(
                               a.b, a.loc, arith::BitcastOp::create(a.b, a.loc, a.type, bits(1)),
                               y);
                           Value isZero = arith::CmpFOp::create(a.b, a.loc,
                                                                arith::CmpFPredicate::OEQ, x, a.c(0));
                           Value r = a.select(isZero, tiny, next);
                           Value same = arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OEQ,
                                                              x, y);
                           r = a.select(same, y, r);
                           // NaN in, NaN out.
                           Value unordered = arith::CmpFOp::create(
                               a.b, a.loc, arith::CmpFPredicate::UNO, x, y);
                           return a.select(unordered, a.add(x, y), r);
                         },
                         Domain::Float};
    t["pd.atan2"] = {[](const Arith &a, Value x, Value y) -> Value {
                       return math::Atan2Op::create(a.b, a.loc, x, y);
                     },
                     Domain::Float};
    t["pd.bitwise_and"] = {[](const Arith &a, Value x, Value y) -> Value {
                             return arith::AndIOp::create(a.b, a.loc, x, y);
                           },
                           Domain::Any};
    t["pd.bitwise_or"] = {[](const Arith &a, Value x, Value y) -> Value {
                            return arith::OrIOp::create(a.b, a.loc, x, y);
                          },
                          Domain::Any};
    t["pd.bitwise_xor"] = {[](const Arith &a, Value x, Value y) -> Value {
                             return arith::XOrIOp::create(a.b, a.loc, x, y);
                           },
                           Domain::Any};
    return t;
  }();
  return table;
}

LogicalResult lowerBinary(Operation *op, Lowerer &l) {
  const BinaryEntry &entry = binaryTable().lookup(op->getName().getStringRef());
  Value pdX = op->getOperand(0), pdY = op->getOperand(1);
  FailureOr<Arith> a = arithFor(op, l.b, pdX, entry.domain);
  if (failed(a))
    return failure();
  if (entry.domain == Domain::Any && isa<FloatType>(a->type))
    return op->emitOpError() << "is defined on integer and bool tensors only";
  if (op->getName().getStringRef() == "pd.remainder" ||
      op->getName().getStringRef() == "pd.floor_divide" ||
      op->getName().getStringRef() == "pd.trunc_divide")
    if (isBool(pdElementType(pdX)))
      return op->emitOpError() << "is not defined on bool tensors";
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  StringRef name = op->getName().getStringRef();
  bool integerDivision = isa<IntegerType>(a->type) && a->type.getIntOrFloatBitWidth() > 1 &&
                         (name == "pd.divide" || name == "pd.floor_divide" ||
                          name == "pd.trunc_divide" || name == "pd.remainder");
  Value divisor = l.get(pdY);
  if (integerDivision)
    divisor = checkedDivisors(l, op->getLoc(), op, divisor);
  Value r = buildElementwise(
      l.b, op->getLoc(), outType, ValueRange{l.get(pdX), divisor},
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Arith inner{nb, nloc, a->type, a->isUnsignedInt};
        Value y = castScalar(nb, nloc, args[1], a->type);
        if (integerDivision) {
          // Checked (and reported) before; this guards a divisor that only
          // becomes 0 in the cast to the computation type.
          Value zero = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, y, inner.c(0));
          y = arith::SelectOp::create(nb, nloc, zero, inner.c(1), y);
        }
        if (integerDivision && !a->isUnsignedInt) {
          // MIN / -1 overflows (x86 traps): divide by 1 instead, which
          // gives the wrapped quotient MIN and the remainder 0, as numpy.
          auto intType = cast<IntegerType>(a->type);
          Value min = arith::ConstantIntOp::create(
              nb, nloc, intType, APInt::getSignedMinValue(intType.getWidth()).getSExtValue());
          Value overflow = arith::AndIOp::create(
              nb, nloc, arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, args[0], min),
              arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, y, inner.c(-1)));
          y = arith::SelectOp::create(nb, nloc, overflow, inner.c(1), y);
        }
        return entry.fn(inner, args[0], y);
      });
  l.map(op->getResult(0), r);
  return success();
}

/// Comparisons (bool result) and logical ops (inputs read as bools).
LogicalResult lowerCompare(Operation *op, Lowerer &l) {
  StringRef name = op->getName().getStringRef();
  Value pdX = op->getOperand(0), pdY = op->getOperand(1);
  Type pdElem = pdElementType(pdX);
  Type elem = loweredElementType(pdElem);
  bool isUnsignedInt = isUnsigned(pdElem);
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  struct Preds {
    FP f;
    IP s, u;
  };
  static const llvm::StringMap<Preds> preds = {
      {"pd.equal", {FP::OEQ, IP::eq, IP::eq}},
      {"pd.not_equal", {FP::UNE, IP::ne, IP::ne}},
      {"pd.less_than", {FP::OLT, IP::slt, IP::ult}},
      {"pd.less_equal", {FP::OLE, IP::sle, IP::ule}},
      {"pd.greater_than", {FP::OGT, IP::sgt, IP::ugt}},
      {"pd.greater_equal", {FP::OGE, IP::sge, IP::uge}}};
  Value r = buildElementwise(
      l.b, op->getLoc(), outType, ValueRange{l.get(pdX), l.get(pdY)},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value x = args[0], y = castScalar(nb, nloc, args[1], elem);
        auto it = preds.find(name);
        if (it != preds.end()) {
          if (isa<FloatType>(elem))
            return arith::CmpFOp::create(nb, nloc, it->second.f, x, y);
          return arith::CmpIOp::create(nb, nloc,
                                       isUnsignedInt ? it->second.u : it->second.s,
                                       x, y);
        }
        Type i1 = nb.getI1Type();
        Value bx = castScalar(nb, nloc, x, i1), by = castScalar(nb, nloc, y, i1);
        Value res;
        if (name == "pd.logical_and")
          res = arith::AndIOp::create(nb, nloc, bx, by);
        else if (name == "pd.logical_or")
          res = arith::OrIOp::create(nb, nloc, bx, by);
        else
          res = arith::XOrIOp::create(nb, nloc, bx, by);
        return castScalar(nb, nloc, res, outType.getElementType());
      });
  l.map(op->getResult(0), r);
  return success();
}

/// Unary ops with a bool (or other-typed) result.
LogicalResult lowerPredicate(Operation *op, Lowerer &l) {
  StringRef name = op->getName().getStringRef();
  Value pdX = op->getOperand(0);
  Type elem = loweredElementType(pdElementType(pdX));
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  if (name == "pd.bitwise_not" && isa<FloatType>(elem))
    return op->emitOpError() << "is defined on integer and bool tensors only";
  Value r = buildElementwise(
      l.b, op->getLoc(), outType, l.get(pdX),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value x = args[0];
        bool isFloat = isa<FloatType>(elem);
        if (name == "pd.logical_not") {
          Value bx = castScalar(nb, nloc, x, nb.getI1Type());
          Value t = scalarConstant(nb, nloc, nb.getI1Type(), 1);
          return castScalar(nb, nloc, arith::XOrIOp::create(nb, nloc, bx, t),
                            outType.getElementType());
        }
        if (name == "pd.bitwise_not") // bools flip only their low bit
          return arith::XOrIOp::create(
              nb, nloc, x, scalarConstant(nb, nloc, elem, isBool(pdElementType(pdX)) ? 1 : -1));
        if (!isFloat) // integers are never nan/inf
          return scalarConstant(nb, nloc, nb.getI1Type(), name == "pd.isfinite");
        if (name == "pd.isnan")
          return arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, x, x);
        Value ax = math::AbsFOp::create(nb, nloc, x);
        Value inf = maxValue(nb, nloc, elem);
        if (name == "pd.isinf")
          return arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, ax, inf);
        return arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::ONE, ax, inf);
      });
  l.map(op->getResult(0), r);
  return success();
}

LogicalResult lowerCast(Operation *op, Lowerer &l) {
  Value pdX = op->getOperand(0);
  bool srcU = isUnsigned(pdElementType(pdX));
  bool dstU = isUnsigned(pdElementType(op->getResult(0)));
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  // To bool: x != 0 (as i1, stored as a byte by buildElementwise).
  Type target = isBool(pdElementType(op->getResult(0))) ? l.b.getI1Type()
                                                         : outType.getElementType();
  Value r = buildElementwise(l.b, op->getLoc(), outType, l.get(pdX),
                             [&](OpBuilder &nb, Location nloc, ValueRange args) {
                               Value x = args[0];
                               if (isBool(pdElementType(pdX)))
                                 x = castScalar(nb, nloc, x, nb.getI1Type());
                               return castScalar(nb, nloc, x, target, srcU, dstU);
                             });
  l.map(op->getResult(0), r);
  return success();
}

LogicalResult lowerScale(Operation *op, Lowerer &l) {
  auto o = cast<ScaleOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Number);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  Value scale = scalarOperand(l, loc, o.getScale(), a->type);
  double bias = o.getBias().convertToDouble();
  bool after = o.getBiasAfterScale();
  RankedTensorType outType = loweredType(o.getType());
  Value r = buildElementwise(
      l.b, loc, outType, l.get(o.getX()),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Arith in{nb, nloc, a->type, a->isUnsignedInt};
        Value x = args[0];
        return after ? in.add(in.mul(x, scale), in.c(bias))
                     : in.mul(in.add(x, in.c(bias)), scale);
      });
  l.map(o.getResult(), r);
  return success();
}

LogicalResult lowerClip(Operation *op, Lowerer &l) {
  auto o = cast<ClipOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Number);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  Value lo = scalarOperand(l, loc, o.getMin(), a->type);
  Value hi = scalarOperand(l, loc, o.getMax(), a->type);
  Value r = buildElementwise(l.b, loc, loweredType(o.getType()), l.get(o.getX()),
                             [&](OpBuilder &nb, Location nloc, ValueRange args) {
                               Arith in{nb, nloc, a->type, a->isUnsignedInt};
                               return in.min(in.max(args[0], lo), hi);
                             });
  l.map(o.getResult(), r);
  return success();
}

LogicalResult lowerWhere(Operation *op, Lowerer &l) {
  auto o = cast<WhereOp>(op);
  Type elem = loweredType(o.getType()).getElementType();
  Value r = buildElementwise(
      l.b, op->getLoc(), loweredType(o.getType()),
      ValueRange{l.get(o.getCondition()), l.get(o.getX()), l.get(o.getY())},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value c = castScalar(nb, nloc, args[0], nb.getI1Type());
        return arith::SelectOp::create(nb, nloc, c, castScalar(nb, nloc, args[1], elem),
                                       castScalar(nb, nloc, args[2], elem));
      });
  l.map(o.getResult(), r);
  return success();
}

/// Paddle's bitwise shifts: a shift by a negative amount or by the bit
/// width or more gives 0 (an arithmetic right shift of a negative signed
/// value: -1); a logical right shift shifts zeros in for signed types too.
LogicalResult lowerShift(Operation *op, Lowerer &l) {
  Value pdX = op->getOperand(0), pdY = op->getOperand(1);
  FailureOr<Arith> a = arithFor(op, l.b, pdX, Domain::Number);
  if (failed(a))
    return failure();
  if (!isa<IntegerType>(a->type))
    return op->emitOpError() << "is defined on integer tensors only";
  bool left = op->getName().getStringRef() == "pd.bitwise_left_shift";
  auto arithmeticAttr = op->getAttrOfType<BoolAttr>("is_arithmetic");
  bool arithmetic = !arithmeticAttr || arithmeticAttr.getValue();
  bool isUnsignedInt = a->isUnsignedInt;
  Type elem = a->type;
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  Value r = buildElementwise(
      l.b, op->getLoc(), outType, ValueRange{l.get(pdX), l.get(pdY)},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Arith in{nb, nloc, elem, isUnsignedInt};
        Value x = args[0], y = castScalar(nb, nloc, args[1], elem);
        int64_t width = elem.getIntOrFloatBitWidth();
        // In range: 0 <= y < width (one unsigned compare).
        Value inRange = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, y,
                                              in.c(static_cast<double>(width)));
        Value amount = arith::SelectOp::create(nb, nloc, inRange, y, in.c(0));
        Value shifted, outside = in.c(0);
        if (left) {
          shifted = arith::ShLIOp::create(nb, nloc, x, amount);
        } else if (arithmetic && !isUnsignedInt) {
          shifted = arith::ShRSIOp::create(nb, nloc, x, amount);
          outside = arith::ShRSIOp::create(nb, nloc, x, in.c(static_cast<double>(width - 1)));
        } else {
          shifted = arith::ShRUIOp::create(nb, nloc, x, amount);
        }
        return arith::SelectOp::create(nb, nloc, inRange, shifted, outside);
      });
  l.map(op->getResult(0), r);
  return success();
}

/// Paddle's isclose: |x - y| <= atol + rtol * |y| (the bound computed in
/// double, then in x's dtype), equal values (infinities too) close; a NaN
/// is close only to a NaN, and only with equal_nan.
/// isclose's elements (Paddle's kernel): |x - y| in x's dtype against
/// atol + rtol * |y| computed in double and rounded, with a 1e-15 slack;
/// equal values are close, NaN only to NaN with equal_nan. Shaped
/// `outType` (i1), x and y broadcast. IscloseOp or AllcloseOp.
template <typename OpT>
FailureOr<Value> buildIsclose(OpT o, Lowerer &l, RankedTensorType outType) {
  Operation *op = o.getOperation();
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Float);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  Type f64 = l.b.getF64Type();
  Value rtol = scalarOperand(l, loc, o.getRtol(), f64);
  Value atol = scalarOperand(l, loc, o.getAtol(), f64);
  bool equalNan = o.getEqualNan();
  Type elem = a->type;
  return buildElementwise(
      l.b, loc, outType, ValueRange{l.get(o.getX()), l.get(o.getY())},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Arith in{nb, nloc, elem};
        Arith wide{nb, nloc, f64};
        Value x = args[0], y = castScalar(nb, nloc, args[1], elem);
        using P = arith::CmpFPredicate;
        auto cmp = [&](P p, Value u, Value v) {
          return arith::CmpFOp::create(nb, nloc, p, u, v).getResult();
        };
        auto orI = [&](Value u, Value v) { return arith::OrIOp::create(nb, nloc, u, v).getResult(); };
        Value left = in.abs(in.sub(x, y));
        Value yWide = elem == f64 ? y : arith::ExtFOp::create(nb, nloc, f64, y).getResult();
        Value bound = wide.add(atol, wide.mul(rtol, wide.abs(yWide)));
        Value right = elem == f64 ? bound : arith::TruncFOp::create(nb, nloc, elem, bound).getResult();
        Value diff = in.abs(in.sub(left, right));
        Value close = orI(orI(cmp(P::OEQ, x, y), cmp(P::OLE, left, right)),
                          cmp(P::OLE, diff, in.c(1e-15)));
        Value nanX = cmp(P::UNO, x, x), nanY = cmp(P::UNO, y, y);
        Value nanResult = equalNan ? arith::AndIOp::create(nb, nloc, nanX, nanY).getResult()
                                   : arith::ConstantIntOp::create(nb, nloc, nb.getI1Type(), 0)
                                         .getResult();
        return arith::SelectOp::create(nb, nloc, orI(nanX, nanY), nanResult, close);
      });
}

LogicalResult lowerIsclose(Operation *op, Lowerer &l) {
  auto o = cast<IscloseOp>(op);
  FailureOr<Value> r = buildIsclose(o, l, loweredType(o.getType()));
  if (failed(r))
    return failure();
  l.map(o.getResult(), *r);
  return success();
}

/// Whether every element of the byte-stored bool tensor `bits` is set, as
/// a 0-D bool tensor (as pd.all reduces).
Value allSet(OpBuilder &b, Location loc, Value bits) {
  auto type = cast<RankedTensorType>(bits.getType());
  if (type.getRank() == 0)
    return bits;
  Type i1 = b.getI1Type();
  return buildReduction(b, loc, bits, llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())),
                        /*keepDims=*/false, scalarConstant(b, loc, type.getElementType(), 1),
                        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                          return arith::AndIOp::create(nb, nloc, castScalar(nb, nloc, args[1], i1),
                                                       castScalar(nb, nloc, args[0], i1));
                        });
}

/// allclose: all of isclose over x and y broadcast together.
LogicalResult lowerAllclose(Operation *op, Lowerer &l) {
  auto o = cast<AllcloseOp>(op);
  auto xType = cast<RankedTensorType>(l.get(o.getX()).getType());
  auto yType = cast<RankedTensorType>(l.get(o.getY()).getType());
  if (failed(requireStatic(op, {xType, yType})))
    return failure();
  SmallVector<int64_t> shape;
  if (!OpTrait::util::getBroadcastedShape(xType.getShape(), yType.getShape(), shape))
    return op->emitOpError() << "x and y do not broadcast together";
  RankedTensorType outType = loweredType(o.getType());
  FailureOr<Value> close =
      buildIsclose(o, l, RankedTensorType::get(shape, outType.getElementType()));
  if (failed(close))
    return failure();
  l.map(o.getOut(), allSet(l.b, op->getLoc(), *close));
  return success();
}

/// equal_all: false when the shapes differ (Paddle's kernel), else whether
/// every element is equal (a NaN equals nothing).
LogicalResult lowerEqualAll(Operation *op, Lowerer &l) {
  auto o = cast<EqualAllOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Any);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), y = l.get(o.getY());
  auto xType = cast<RankedTensorType>(x.getType()), yType = cast<RankedTensorType>(y.getType());
  if (failed(requireStatic(op, {xType, yType})))
    return failure();
  RankedTensorType outType = loweredType(o.getType());
  if (xType.getShape() != yType.getShape()) {
    l.map(o.getOut(),
          createFilled(l.b, loc, outType, scalarConstant(l.b, loc, outType.getElementType(), 0)));
    return success();
  }
  Value equal = buildElementwise(
      l.b, loc, RankedTensorType::get(xType.getShape(), outType.getElementType()), ValueRange{x, y},
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Arith in{nb, nloc, a->type, a->isUnsignedInt};
        return in.cmp(arith::CmpFPredicate::OEQ, arith::CmpIPredicate::eq,
                      arith::CmpIPredicate::eq, args[0], args[1]);
      });
  l.map(o.getOut(), allSet(l.b, loc, equal));
  return success();
}

/// add_n: the inputs (one shape and dtype) summed in order.
LogicalResult lowerAddN(Operation *op, Lowerer &l) {
  auto o = cast<AddNOp>(op);
  SmallVector<Value> inputs = l.getList(o.getInputs());
  if (inputs.empty())
    return op->emitOpError() << "needs at least one input";
  Type pdElem = pdElementType(o.getOut());
  if (isBool(pdElem) || isa<ComplexType>(pdElem))
    return op->emitOpError() << "the CPU lowering sums int and float tensors, got " << pdElem;
  RankedTensorType outType = loweredType(o.getType());
  Value r = buildElementwise(l.b, op->getLoc(), outType, inputs,
                             [&](OpBuilder &nb, Location nloc, ValueRange args) {
                               Arith in{nb, nloc, outType.getElementType()};
                               Value sum = args[0];
                               for (Value v : args.drop_front())
                                 sum = in.add(sum, v);
                               return sum;
                             });
  l.map(o.getOut(), r);
  return success();
}

/// x + weight * (y - x), as Paddle computes it.
LogicalResult lowerLerp(Operation *op, Lowerer &l) {
  auto o = cast<LerpOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Float);
  if (failed(a))
    return failure();
  Type elem = a->type;
  Value r = buildElementwise(
      l.b, op->getLoc(), loweredType(o.getType()),
      ValueRange{l.get(o.getX()), l.get(o.getY()), l.get(o.getWeight())},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Arith in{nb, nloc, elem};
        return in.add(args[0], in.mul(args[2], in.sub(args[1], args[0])));
      });
  l.map(o.getResult(), r);
  return success();
}

/// value where mask is set, else x (value has one element, read once).
LogicalResult lowerMaskedFill(Operation *op, Lowerer &l) {
  auto o = cast<MaskedFillOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  Type elem = outType.getElementType();
  auto valueType = cast<RankedTensorType>(l.get(o.getValue()).getType());
  if (!valueType.hasStaticShape() || valueType.getNumElements() != 1)
    return op->emitOpError() << "needs a value of one element (a static shape), got "
                             << valueType;
  Value value = scalarOperand(l, op->getLoc(), o.getValue(), elem);
  Value r = buildElementwise(
      l.b, op->getLoc(), outType, ValueRange{l.get(o.getMask()), l.get(o.getX())},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value c = castScalar(nb, nloc, args[0], nb.getI1Type());
        return arith::SelectOp::create(nb, nloc, c, value, args[1]);
      });
  l.map(o.getResult(), r);
  return success();
}

LogicalResult lowerDropout(Operation *op, Lowerer &l) {
  auto o = cast<DropoutOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Float);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  std::optional<double> p = constScalar(o.getP());
  if (!p)
    return op->emitOpError() << "dropout probability `p` must be known at "
                                "compile time to lower this op";
  if (o.getSeedTensor())
    return op->emitOpError() << "a run-time `seed_tensor` is not supported "
                                "by the CPU lowering; use the `seed` attribute";
  bool upscale = o.getMode() == "upscale_in_train";
  RankedTensorType outType = loweredType(o.getOut().getType());
  RankedTensorType maskType = loweredType(o.getMask().getType());
  if (o.getIsTest()) {
    Value x = l.get(o.getX());
    Value out = upscale ? x
                        : buildElementwise(l.b, loc, outType, x,
                                           [&](OpBuilder &nb, Location nloc, ValueRange args) {
                                             Arith in{nb, nloc, a->type};
                                             return in.mul(args[0], in.c(1 - *p));
                                           });
    l.map(o.getOut(), out);
    l.map(o.getMask(), createFilled(l.b, loc, maskType,
                                    scalarConstant(l.b, loc, maskType.getElementType(), 1),
                                    x));
    return success();
  }
  if (failed(requireStatic(op, outType)))
    return failure();
  uint64_t seed = o.getFixSeed() ? (uint64_t)(int32_t)o.getSeed() : 0x5eedull;
  Value keep = buildElementwiseWithIndices(
      l.b, loc, RankedTensorType::get(outType.getShape(), loweredElementType(l.b.getI1Type())), {},
      [&](OpBuilder &nb, Location nloc, ValueRange idx) -> Value {
        Value lin = linearIndex(nb, nloc, outType.getShape(), idx);
        Value u = hashUniform(nb, nloc, lin, seed, nb.getF32Type());
        return arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGE, u,
                                     scalarConstant(nb, nloc, nb.getF32Type(), *p));
      });
  double factor = upscale ? (*p < 1 ? 1 / (1 - *p) : 0) : 1;
  Value out = buildElementwise(l.b, loc, outType, ValueRange{l.get(o.getX()), keep},
                               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                                 Arith in{nb, nloc, a->type};
                                 Value k = castScalar(nb, nloc, args[1], nb.getI1Type());
                                 return in.select(k, in.mul(args[0], in.c(factor)), in.c(0));
                               });
  Value mask = buildElementwise(l.b, loc, maskType, keep,
                                [&](OpBuilder &nb, Location nloc, ValueRange args) {
                                  return castScalar(nb, nloc, args[0],
                                                    maskType.getElementType());
                                });
  l.map(o.getOut(), out);
  l.map(o.getMask(), mask);
  return success();
}

LogicalResult lowerPrelu(Operation *op, Lowerer &l) {
  auto o = cast<PreluOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Float);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  RankedTensorType outType = loweredType(o.getType());
  Value alpha = l.get(o.getAlpha());
  auto alphaType = cast<RankedTensorType>(alpha.getType());
  int64_t rank = outType.getRank();
  StringRef mode = o.getMode();
  // Shape alpha so that numpy broadcasting applies it as Paddle does.
  SmallVector<int64_t> shape(rank, 1);
  if (mode == "all") {
    shape.assign(rank, 1);
  } else if (mode == "channel") {
    int64_t axis = o.getDataFormat() == "NCHW" ? 1 : rank - 1;
    if (rank < 2)
      axis = rank - 1;
    shape[axis] = alphaType.getNumElements();
  } else {
    shape = SmallVector<int64_t>(outType.getShape());
    shape[0] = 1;
  }
  if (failed(requireStatic(op, {alphaType})))
    return failure();
  alpha = reshapeTo(l.b, loc, alpha,
                    RankedTensorType::get(shape, alphaType.getElementType()));
  Value r = buildElementwise(l.b, loc, outType, ValueRange{l.get(o.getX()), alpha},
                             [&](OpBuilder &nb, Location nloc, ValueRange args) {
                               Arith in{nb, nloc, a->type};
                               return in.select(in.gt(args[0], in.c(0)), args[0],
                                                in.mul(args[0], args[1]));
                             });
  l.map(o.getResult(), r);
  return success();
}

/// rrelu in inference (is_test): leaky relu with the slope (lower + upper)
/// / 2, and the noise (the factor each element was multiplied by: 1 where
/// x >= 0). Training draws a random slope per element: refused.
LogicalResult lowerRRelu(Operation *op, Lowerer &l) {
  auto o = cast<RreluOp>(op);
  if (!o.getIsTest())
    return op->emitOpError() << "in training (is_test = false) draws a random slope per "
                                "element; only inference (is_test = true) is supported";
  Value x = l.get(o.getX());
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  double slope = (o.getLower().convertToDouble() + o.getUpper().convertToDouble()) / 2;
  Location loc = op->getLoc();
  auto factor = [&](OpBuilder &nb, Location nl, Value v) {
    Arith a{nb, nl, elem};
    return a.select(arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OGE, v, a.c(0)), a.c(1),
                    a.c(slope));
  };
  Value noise = buildElementwise(l.b, loc, type, x,
                                 [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                   return factor(nb, nl, a[0]);
                                 });
  Value out = buildElementwise(l.b, loc, type, x,
                               [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                 return arith::MulFOp::create(nb, nl, a[0],
                                                              factor(nb, nl, a[0]));
                               });
  l.map(o.getOut(), castTo(l.b, loc, out, loweredType(o.getOut().getType())));
  l.map(o.getNoise(), castTo(l.b, loc, noise, loweredType(o.getNoise().getType())));
  return success();
}

/// shard_index: v / shard_size == shard_id ? v % shard_size : ignore_value,
/// shard_size = ceil(index_num / nshards); a value outside [0, index_num),
/// which Paddle's kernel refuses, is a run-time error (checks on).
LogicalResult lowerShardIndex(Operation *op, Lowerer &l) {
  auto o = cast<ShardIndexOp>(op);
  Location loc = op->getLoc();
  RankedTensorType type = loweredType(o.getOut().getType());
  Type elem = type.getElementType();
  int64_t indexNum = static_cast<int32_t>(o.getIndexNum()), nshards = static_cast<int32_t>(o.getNshards());
  int64_t shardSize = (indexNum + nshards - 1) / nshards;
  int64_t site = l.runtimeChecks
                     ? registerRuntimeCheck(op, "an index is outside [0, index_num)")
                     : -1;
  Value out = buildElementwise(
      l.b, loc, type, l.get(o.getInput()), [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
        Arith ar{nb, nl, elem};
        if (site >= 0) {
          Value below = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, a[0], ar.c(0));
          Value above =
              arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sge, a[0], ar.c(indexNum));
          reportIf(nb, nl, op, site, arith::OrIOp::create(nb, nl, below, above));
        }
        Value size = ar.c(shardSize);
        Value mine = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, ar.div(a[0], size),
                                           ar.c(static_cast<int32_t>(o.getShardId())));
        return arith::SelectOp::create(nb, nl, mine, arith::RemSIOp::create(nb, nl, a[0], size),
                                       ar.c(static_cast<int32_t>(o.getIgnoreValue())));
      });
  l.map(o.getOut(), castTo(l.b, loc, out, type));
  return success();
}

} // namespace

void lowering::populateElementwiseLowerings(LoweringTable &table) {
  for (const auto &entry : unaryTable())
    table.add(entry.getKey(), lowerUnary);
  for (const auto &entry : binaryTable())
    table.add(entry.getKey(), lowerBinary);
  table.add({"pd.equal", "pd.not_equal", "pd.less_than", "pd.less_equal",
             "pd.greater_than", "pd.greater_equal", "pd.logical_and",
             "pd.logical_or", "pd.logical_xor"},
            lowerCompare);
  table.add({"pd.logical_not", "pd.bitwise_not", "pd.isnan", "pd.isinf",
             "pd.isfinite"},
            lowerPredicate);
  table.add("pd.cast", lowerCast);
  table.add("pd.scale", lowerScale);
  table.add("pd.clip", lowerClip);
  table.add("pd.where", lowerWhere);
  table.add({"pd.bitwise_left_shift", "pd.bitwise_right_shift"}, lowerShift);
  table.add("pd.lerp", lowerLerp);
  table.add("pd.isclose", lowerIsclose);
  table.add("pd.allclose", lowerAllclose);
  table.add("pd.equal_all", lowerEqualAll);
  table.add("pd.add_n", lowerAddN);
  table.add("pd.masked_fill", lowerMaskedFill);
  table.add("pd.dropout", lowerDropout);
  table.add("pd.prelu", lowerPrelu);
  table.add("pd.rrelu", lowerRRelu);
  table.add("pd.shard_index", lowerShardIndex);
}

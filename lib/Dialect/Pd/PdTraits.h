//===- PdTraits.h - op traits of the PIR design ------------------*- C++ -*-===//

#ifndef PADDLE_MLIR_DIALECT_PD_PDTRAITS_H
#define PADDLE_MLIR_DIALECT_PD_PDTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait::pd {

/// The op writes none of its operands.
template <typename ConcreteType>
class ReadOnly : public TraitBase<ConcreteType, ReadOnly> {};

/// The op's results are fresh values: no aliasing, no mutation.
template <typename ConcreteType>
class HasValueSemantics : public TraitBase<ConcreteType, HasValueSemantics> {};

/// The op updates some operands in place (see OpSpecInterface::getInplaceMap).
template <typename ConcreteType>
class Inplace : public TraitBase<ConcreteType, Inplace> {};

/// A result aliases an operand (see OpSpecInterface::getViewMap).
template <typename ConcreteType>
class ViewLike : public TraitBase<ConcreteType, ViewLike> {};

} // namespace mlir::OpTrait::pd

#endif // PADDLE_MLIR_DIALECT_PD_PDTRAITS_H

//===- PdDialect.td - pd dialect definition ------------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PD_DIALECT_TD
#define PADDLE_MLIR_PD_DIALECT_TD

include "mlir/IR/OpBase.td"

def Pd_Dialect : Dialect {
  let name = "pd";
  let cppNamespace = "::mlir::pd";
  let summary = "PaddlePaddle program IR (PIR) operations and tensor types";
  let description = [{
    The `pd` dialect models a Paddle program: feeds (`pd.data`), fetches
    (`pd.fetch`), parameters kept outside the graph (`pd.get_parameter`,
    `pd.set_parameter`), constants (`pd.full`, `pd.full_int_array`), tensor
    lists (`pd.combine`, `pd.builtin_split`, `pd.builtin_slice`) and Paddle's
    operators.

    Two tensor types separate aliasing from value semantics (PIR design
    §2.5): `!pd.tensor` may alias other tensors and be mutated in place;
    `!pd.vtensor` is an immutable value. `pd.to_vtensor` / `pd.to_tensor`
    convert between them by deep copy and `pd.copy_to` overwrites a
    `!pd.tensor` in place.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Dialect-wide patterns (lib/Dialect/Pd/PdCanonicalize.cpp).
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

class Pd_Op<string mnemonic, list<Trait> traits = []>
    : Op<Pd_Dialect, mnemonic, traits>;

#endif // PADDLE_MLIR_PD_DIALECT_TD

// LLVM loop hints the host backend adds before LLVM's loop vectorizer (see VectorHints.cpp).
#pragma once

namespace llvm { class PassBuilder; }

namespace ptensor {
/// Function attribute of functions with a loop of long float dependence chains (VectorHints.cpp):
/// their program's machine scheduling ignores register pressure.
inline constexpr const char *kLongChainAttr = "ptensor-long-float-chain";
/// Registers the hints pass at the vectorizer's start in pb's optimization pipeline.
void addVectorHints(llvm::PassBuilder &pb);
} // namespace ptensor

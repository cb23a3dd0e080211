// LLVM loop hints the host backend adds before LLVM's loop vectorizer (see VectorHints.cpp).
#pragma once

namespace llvm { class PassBuilder; }

namespace ptensor {
/// Registers the hints pass at the vectorizer's start in pb's optimization pipeline.
void addVectorHints(llvm::PassBuilder &pb);
} // namespace ptensor

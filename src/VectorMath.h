// The vector math the host backend's loops call: glibc's libmvec, for every function it has.
#pragma once

namespace llvm { class Module; class TargetLibraryInfoImpl; }

namespace ptensor {
/// Adds libmvec's variants that LLVM's own libmvec table lacks (glibc 2.35 and later: tanh,
/// atan, log10, ...), each only if this process resolves its symbol.
void addMoreLibmvec(llvm::TargetLibraryInfoImpl &tlii);
/// Marks m's declarations of the C math functions as touching no memory: compiled programs
/// never read errno, so their calls may be vectorized (LLVM otherwise keeps a call that may
/// write errno scalar).
void markMathPure(llvm::Module &m);
/// Removes the stack saves and restores of functions that allocate nothing on the stack
/// after their entry (an OpenMP loop body's alloca scope with no alloca in it): LLVM keeps
/// such a pair around a call, and a loop with one is not vectorized.
void dropEmptyStackScopes(llvm::Module &m);
} // namespace ptensor

/* ptensor_ffi.h - the C ABI of pt.custom_call (typed FFI, StableHLO's custom_call with
 * API_VERSION_TYPED_FFI as the model). Include it in a native function, build a shared
 * library (or pass a ctypes function), register it with pt.register_custom_call(name, ...)
 * and call it from Python with pt.custom_call(name, *arrays, result=..., attrs={...}).
 *
 * The call is a ptensor op (ptensor.custom_call) inside the compiled program: the handler
 * runs once per program run, on the thread that runs the program, after its operands are
 * computed and before anything that uses its results.
 *
 *   #include "ptensor_ffi.h"      // directory: python -c "import ptensor; print(ptensor.ffi_include_dir())"
 *   int32_t scale(const pt_call_frame *f) {
 *     double alpha;
 *     if (pt_ffi_get_f64(f, "alpha", &alpha))
 *       return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "attribute alpha (float) is required");
 *     const pt_buffer *x = &f->args[0], *y = &f->results[0];
 *     ...
 *     return PT_FFI_OK;
 *   }
 *
 * Buffers are the operands' memref descriptors, flattened: `data` is the first element
 * (aligned pointer + offset), `shape` and `strides` (in elements) have `rank` entries.
 * Arguments are read-only and may be strided views. Results are new contiguous row-major
 * buffers, uninitialized: the handler writes every element. Shapes and dtypes are exactly
 * those the caller gave in `result=`. Attributes are typed and sorted by name.
 *
 * A handler returns PT_FFI_OK, or an error code and (optionally) a message written with
 * pt_ffi_fail. ptensor raises it in Python when the program finishes:
 * PT_FFI_INVALID_ARGUMENT -> ValueError, PT_FFI_LINALG_ERROR -> ptensor.linalg.LinAlgError
 * (a ValueError, as NumPy's), anything else -> ptensor.CustomCallError (a RuntimeError).
 * The results of a failed call (and everything computed from them) are not delivered.
 */
#ifndef PTENSOR_FFI_H
#define PTENSOR_FFI_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PT_FFI_API_VERSION 1

/* Element types: the codes are ptensor's dtype codes. bool is one byte (0 or 1); complex
 * elements are (real, imaginary) pairs, the layout of C99's float/double _Complex. */
typedef enum {
  PT_BOOL = 0, PT_INT8, PT_INT16, PT_INT32, PT_INT64,
  PT_UINT8, PT_UINT16, PT_UINT32, PT_UINT64, PT_FLOAT32, PT_FLOAT64,
  PT_COMPLEX64, PT_COMPLEX128
} pt_dtype;

typedef struct {
  int64_t dtype;          /* a pt_dtype */
  int64_t rank;
  void *data;             /* first element */
  const int64_t *shape;   /* rank sizes */
  const int64_t *strides; /* rank strides, in elements */
} pt_buffer;

typedef enum {
  PT_ATTR_BOOL = 0,  /* value.i64 is 0 or 1 */
  PT_ATTR_I64 = 1,   /* value.i64 */
  PT_ATTR_F64 = 2,   /* value.f64 */
  PT_ATTR_STRING = 3, /* value.str, NUL-terminated; count = its length in bytes */
  PT_ATTR_I64_ARRAY = 4, /* value.i64s[count] */
  PT_ATTR_F64_ARRAY = 5  /* value.f64s[count] */
} pt_attr_kind;

typedef struct {
  const char *name;
  int64_t kind; /* a pt_attr_kind */
  int64_t count;
  union {
    int64_t i64;
    double f64;
    const char *str;
    const int64_t *i64s;
    const double *f64s;
  } value;
} pt_attr;

typedef struct {
  int64_t api_version; /* PT_FFI_API_VERSION */
  const char *name;    /* the name the handler was called under */
  int64_t num_args;
  const pt_buffer *args;
  int64_t num_results;
  const pt_buffer *results;
  int64_t num_attrs;
  const pt_attr *attrs; /* sorted by name */
  char *error;          /* message buffer of error_size bytes (see pt_ffi_fail) */
  int64_t error_size;
} pt_call_frame;

typedef int32_t (*pt_ffi_handler)(const pt_call_frame *frame);

enum { PT_FFI_OK = 0, PT_FFI_ERROR = 1, PT_FFI_INVALID_ARGUMENT = 2, PT_FFI_LINALG_ERROR = 3 };

/* The attribute called `name`, or NULL. */
static inline const pt_attr *pt_ffi_attr(const pt_call_frame *f, const char *name) {
  for (int64_t i = 0; i < f->num_attrs; ++i)
    if (strcmp(f->attrs[i].name, name) == 0)
      return &f->attrs[i];
  return NULL;
}

/* Typed getters: 0 on success; 1 when the attribute is missing or of another kind. */
static inline int pt_ffi_get_i64(const pt_call_frame *f, const char *name, int64_t *out) {
  const pt_attr *a = pt_ffi_attr(f, name);
  if (!a || (a->kind != PT_ATTR_I64 && a->kind != PT_ATTR_BOOL))
    return 1;
  *out = a->value.i64;
  return 0;
}
static inline int pt_ffi_get_f64(const pt_call_frame *f, const char *name, double *out) {
  const pt_attr *a = pt_ffi_attr(f, name);
  if (!a || a->kind != PT_ATTR_F64)
    return 1;
  *out = a->value.f64;
  return 0;
}
static inline int pt_ffi_get_str(const pt_call_frame *f, const char *name, const char **out) {
  const pt_attr *a = pt_ffi_attr(f, name);
  if (!a || a->kind != PT_ATTR_STRING)
    return 1;
  *out = a->value.str;
  return 0;
}

/* Writes the message and returns `code`: `return pt_ffi_fail(f, PT_FFI_ERROR, "...");` */
static inline int32_t pt_ffi_fail(const pt_call_frame *f, int32_t code, const char *message) {
  if (f->error && f->error_size > 0)
    snprintf(f->error, (size_t)f->error_size, "%s", message);
  return code;
}

/* Number of elements of a buffer. */
static inline int64_t pt_ffi_size(const pt_buffer *b) {
  int64_t n = 1;
  for (int64_t i = 0; i < b->rank; ++i)
    n *= b->shape[i];
  return n;
}

#ifdef __cplusplus
}
#endif
#endif /* PTENSOR_FFI_H */

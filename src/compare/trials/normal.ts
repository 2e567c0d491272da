/**
 * The standard normal distribution, in plain arithmetic so every figure is
 * the same on every machine: the upper tail from the complementary error
 * function (Numerical Recipes' Chebyshev fit, relative error below 1.2e-7
 * everywhere, tails included) and its inverse by Acklam's rational
 * approximation refined with one Halley step.
 */

/** erfc(x) for x >= 0, relative error below 1.2e-7. */
function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * x)
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t *
                          (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
  return t * Math.exp(poly)
}

/** P(Z > z) for a standard normal Z. */
export function normalUpperTail(z: number): number {
  return z >= 0 ? 0.5 * erfc(z / Math.SQRT2) : 1 - 0.5 * erfc(-z / Math.SQRT2)
}

const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
]
const B = [
  -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
]
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
]
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]

/** z with P(Z > z) = `tail`, for 0 < tail < 1. */
export function normalUpperQuantile(tail: number): number {
  if (!(tail > 0 && tail < 1)) throw new RangeError(`tail must be in (0, 1), got ${tail}`)
  const p = 1 - tail
  const low = 0.02425
  let x: number
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p))
    x =
      (((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) /
      ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1)
  } else if (p <= 1 - low) {
    const q = p - 0.5
    const r = q * q
    x =
      ((((((A[0]! * r + A[1]!) * r + A[2]!) * r + A[3]!) * r + A[4]!) * r + A[5]!) * q) /
      (((((B[0]! * r + B[1]!) * r + B[2]!) * r + B[3]!) * r + B[4]!) * r + 1)
  } else {
    const q = Math.sqrt(-2 * Math.log(tail))
    x =
      -(((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) /
      ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1)
  }
  // One Halley step on P(Z > x) = tail.
  const e = normalUpperTail(x) - tail
  const u = -e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2)
  return x - u / (1 + (x * u) / 2)
}

/**
 * A maximum matching between `left` and `right` items (Kuhn's augmenting
 * paths): greedy pairing can leave a step unmatched that a different pairing
 * would match. Returns, per left index, the matched right index or -1.
 */
export function maximumMatching(
  leftCount: number,
  rightCount: number,
  fits: (left: number, right: number) => boolean,
): number[] {
  const leftOf = new Array<number>(rightCount).fill(-1)
  const tryAssign = (left: number, visited: boolean[]): boolean => {
    for (let right = 0; right < rightCount; right++) {
      if (visited[right] || !fits(left, right)) continue
      visited[right] = true
      if (leftOf[right] === -1 || tryAssign(leftOf[right]!, visited)) {
        leftOf[right] = left
        return true
      }
    }
    return false
  }
  for (let left = 0; left < leftCount; left++) {
    tryAssign(left, new Array<boolean>(rightCount).fill(false))
  }
  const rightOf = new Array<number>(leftCount).fill(-1)
  leftOf.forEach((left, right) => {
    if (left !== -1) rightOf[left] = right
  })
  return rightOf
}

/**
 * Why the file system refused to write a file, as a clause for a message
 * ("it is a folder"); `undefined` when `error` is not such a refusal (Node's
 * own `ERR_*` errors are bugs, not the disk's answer).
 * @example
 * unwritableReason(Object.assign(new Error('EISDIR'), { code: 'EISDIR' })) // 'it is a folder'
 */
export function unwritableReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (!(error instanceof Error) || typeof code !== 'string') return undefined
  switch (code) {
    // EEXIST: making the folders on its path, one of them exists as a file.
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a part of its folder path is a file, not a folder'
    case 'EISDIR':
      return 'it is a folder'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'ENOSPC':
      return 'the disk is full'
    case 'EROFS':
      return 'the file system is read-only'
    default:
      // The system's other refusals (EIO, ENAMETOOLONG, ...), in its own words.
      return /^E[A-Z]+$/.test(code) ? error.message : undefined
  }
}

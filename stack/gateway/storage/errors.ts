// Supabase Storage's error shape and statuses (supabase/storage src/internal/errors/codes.ts and
// src/http/error-handler.ts): the body is { statusCode, code, error, message } with the intended
// status as a string in `statusCode`, and the HTTP status is 400 for every error but a 500 (the
// server's `userStatusCode`), save the few routes that say otherwise. supabase-js reads both.

export class StorageError extends Error {
  constructor(
    /** The status the body names (`statusCode`). */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The legacy `error` field; the code when absent. */
    readonly error?: string,
    /** The HTTP status, when not the server's default (400, or 500 for a 500). */
    readonly httpStatus?: number,
  ) {
    super(message)
  }

  get status(): number {
    return this.httpStatus ?? (this.statusCode === 500 ? 500 : 400)
  }

  body() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error ?? this.code,
      message: this.message,
    }
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  /** The file of a known object is missing (the renderer's 404). */
  fileNotFound: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found'),
  accessDenied: (message = 'Access denied', httpStatus?: number) =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized', httpStatus),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidMimeType: (mime: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${mime} is not supported`,
      'invalid_mime_type',
    ),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidFileSizeLimit: () =>
    new StorageError(
      400,
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  noContent: (message = 'No content provided') => new StorageError(400, 'InvalidRequest', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRange: () =>
    new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  /** Fastify's body/params validation (FST_ERR_VALIDATION). */
  validation: (message: string) =>
    new StorageError(400, 'InvalidRequest', message, 'Bad Request', 400),
  notFound: (method: string, path: string) =>
    new StorageError(404, 'NotFound', `Route ${method}:${path} not found`, 'Not Found', 404),
  /** Fastify's answer to a body shorter than its Content-Length (FST_ERR_CTP_INVALID_CONTENT_LENGTH). */
  bodyUnreadable: () =>
    new StorageError(
      400,
      'InvalidRequest',
      'Request body size did not match Content-Length',
      'Bad Request',
      400,
    ),
  internal: (message = 'Internal server error') =>
    new StorageError(500, 'InternalError', message, 'Internal'),
}

interface PgError {
  name?: string
  code?: string
  message?: string
  detail?: string
}

/** A Postgres error as the Storage server maps it (DBError.fromDBError). */
export function fromPgError(e: unknown): StorageError {
  if (e instanceof StorageError) return e
  const err = (e ?? {}) as PgError
  if (err.name !== 'PostgresError') {
    return new StorageError(500, 'InternalError', String(err.message ?? e), 'Internal')
  }
  switch (err.code) {
    case '42501':
      return ERRORS.accessDenied(
        err.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : err.message,
      )
    case '23505':
      return ERRORS.resourceAlreadyExists()
    case '23503':
      return err.detail?.includes('is still referenced from table')
        ? new StorageError(
          409,
          'ResourceReferenced',
          'The resource could not be updated or removed due to a foreign key constraint',
        )
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist')
    case '55P03':
      return new StorageError(423, 'ResourceLocked', 'The resource is locked')
    case '57014':
      return new StorageError(
        544,
        'DatabaseTimeout',
        'The connection to the database timed out',
        undefined,
        544,
      )
    case '22P02':
      return new StorageError(
        400,
        'InvalidParameter',
        err.message || 'Invalid value format or type conversion failed',
      )
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${err.code}`)
  }
}

export function errorResponse(e: StorageError, headers: HeadersInit = {}): Response {
  return Response.json(e.body(), { status: e.status, headers })
}

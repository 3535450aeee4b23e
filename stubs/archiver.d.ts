declare const archiver: { create(format: string, options?: unknown): never };
export default archiver;

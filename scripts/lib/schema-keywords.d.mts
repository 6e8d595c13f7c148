/** Keywords whose value is a map of schemas (`properties`). */
export declare const schemaMaps: ReadonlySet<string>;
/** Keywords whose value is a list of schemas (`allOf`). */
export declare const schemaLists: ReadonlySet<string>;
/** Keywords whose value is one schema (`items`). */
export declare const schemaValues: ReadonlySet<string>;

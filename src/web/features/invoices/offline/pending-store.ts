// The device's store of invoices waiting to be sent (ADR 029): one IndexedDB object store,
// through a wrapper small enough not to need a library.
const STORE = 'pending-invoices';
const VERSION = 1;

export type PendingStore<T extends { id: string }> = {
  all(): Promise<T[]>;
  get(id: string): Promise<T | undefined>;
  put(item: T): Promise<void>;
  delete(id: string): Promise<void>;
};

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
  });
}

/** The store in database `name` ('papelada' in the app; tests use one each). */
export function openPendingStore<T extends { id: string }>(
  name: string,
  factory: IDBFactory = indexedDB,
): PendingStore<T> {
  let database: Promise<IDBDatabase> | null = null;
  const open = () => {
    database ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(name, VERSION);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'id' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer version of the app opened it in another tab: let that one upgrade.
        db.onversionchange = () => {
          db.close();
          database = null;
        };
        resolve(db);
      };
      request.onerror = () => {
        database = null;
        reject(request.error ?? new Error('IndexedDB could not be opened'));
      };
    });
    return database;
  };

  async function run<R>(
    mode: IDBTransactionMode,
    operation: (store: IDBObjectStore) => IDBRequest<R>,
  ): Promise<R> {
    const transaction = (await open()).transaction(STORE, mode);
    const [result] = await Promise.all([
      settled(operation(transaction.objectStore(STORE))),
      committed(transaction),
    ]);
    return result;
  }

  return {
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<T[]>),
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<T | undefined>),
    put: async (item) => {
      await run('readwrite', (store) => store.put(item));
    },
    delete: async (id) => {
      await run('readwrite', (store) => store.delete(id));
    },
  };
}

/** The largest id a bigint column holds: a larger one in a request names nothing (never a 500). */
export const MAX_NOTIFICATION_ID = 9_223_372_036_854_775_807n;

/** A notification id from a request (`^\d{1,19}$`), held within the column's range. */
export const toNotificationId = (id: string): bigint => {
  const value = BigInt(id);
  return value > MAX_NOTIFICATION_ID ? MAX_NOTIFICATION_ID : value;
};

/** Whether a requested id can name a stored notification at all. */
export const isStorableId = (id: string): boolean => BigInt(id) <= MAX_NOTIFICATION_ID;

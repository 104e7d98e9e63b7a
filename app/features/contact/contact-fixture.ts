/** A contact form as a buyer fills it in, valid as it stands: tests change the fields they are about. */
export const validContact = {
  name: "Dana Price",
  email: "dana@example.com",
  phone: "",
  message: "Need 40 rolls of 4x6 labels.",
};

/**
 * The messages of requesting an insurance ID card (doc 1 section 5), which a policy's requests check.
 * contract/messages.ts gathers every area into MESSAGES.
 */

// doc 1 section 5: request a card
export const cardVehicle = 'At least one Car must be selected.';
export const cardDelivery = 'At least one Delivery method must be selected.';

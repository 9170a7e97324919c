import { nameRuleProblems } from '../../../../runtime/text-rules';

export interface NewAppForm {
  name: string;
  description: string;
  categoryId: string;
  ocrProviderId: string;
  mlServices: string[];
  appIcon: string;
  addToQuickLaunch: boolean;
}

/** The Create App rules of spec section 5 (the server checks them again). Messages are the spec's words. */
export function validateNewApp(f: NewAppForm, reserved: string[]): { name?: string; description?: string } {
  const errors: { name?: string; description?: string } = {};
  if (!f.name.trim()) errors.name = 'This field is required';
  else {
    const p = nameRuleProblems(f.name)[0];
    if (p) errors.name = p;
    else if (reserved.some((r) => r.toLowerCase() === f.name.trim().toLowerCase()))
      errors.name = `Name: ${f.name} is reserved system name, please use another name`;
  }
  if (f.description.length > 250) errors.description = 'Value can not exceed 250 characters';
  else if (f.description.startsWith(' ')) errors.description = 'Cannot start with a space';
  return errors;
}

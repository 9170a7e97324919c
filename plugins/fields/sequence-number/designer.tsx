import { FormGroup, InputGroup } from '@blueprintjs/core';
import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { formatSequence, manifest } from './manifest';

/** The preview shows the first number the server will assign, so the designer sees the format and prefix. */
export const designer = defineFieldDesigner({
  manifest,
  Preview({ id, config, label, helpText }) {
    return (
      <FormGroup
        label={label}
        labelFor={id}
        helperText={helpText}
        className="ff-field ff-preview ff-type-sequence-number"
      >
        <InputGroup id={id} value={formatSequence(1, config)} readOnly />
      </FormGroup>
    );
  },
});

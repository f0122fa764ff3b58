pragma solidity ^0.4.24;

contract LegacyPayouts {
    function dropped(address to) public {
        to.call.value(1)(); // @expect unchecked-low-level-call
    }

    function droppedGas(address to) public {
        to.call.gas(2300).value(1)(); // @expect unchecked-low-level-call
    }

    function checked(address to) public {
        if (!to.call.value(1)()) throw;
    }

    function checkedSend(address to) public {
        if (!to.send(1)) revert();
    }
}

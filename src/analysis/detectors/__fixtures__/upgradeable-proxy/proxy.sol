// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract SimpleProxy {
    address public implementation;
    address public admin = msg.sender;

    function upgradeTo(address newImplementation) external {
        require(msg.sender == admin, "only admin");
        implementation = newImplementation;
    }

    fallback() external payable { // @expect upgradeable-proxy
        address impl = implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

contract NotAProxy {
    uint256 public received;

    receive() external payable {
        received += msg.value;
    }
}
